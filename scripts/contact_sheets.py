#!/usr/bin/env python3
"""Contact sheets: every scene rendered as a user first sees it, at its defaults and at the ends of its
size sliders, one PNG per scene under docs/contact_sheets/ (issue 40, "Done when"); and every scene at its
defaults alone and in A/B, at 1280 x 720 and at 640 x 360, one PNG per size (views_WxH.png, issue 53 item 3:
the caption's lines, its scale and the framing around it).

Each row is one run (`smallsteps run --record`, the viewer's own drawing: panel-free frame, caption and,
when coloured, the legend); each column a moment of it. Regenerate with

    scripts/contact_sheets.py [--smallsteps build/release/bin/smallsteps] [--out docs/contact_sheets] [scene ...]

(no scene: all of them). Without a display it renders through EGL, as `run --record` does. Needs ffmpeg.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

# Moments of each run shown as columns [s], at 60 frames a second.
TIMES = (0.25, 0.5, 1.0, 2.0)
FRAME_RATE = 60
TILE = (480, 270)  # each frame's size in the sheet [px]; recorded at twice that

# The views sheets: each scene at its defaults, alone and as an A/B split, at these sizes, at t = VIEW_TIME.
VIEW_SIZES = ((1280, 720), (640, 360))
VIEW_TIME = 1.0
VIEW_TILE = (640, 360)
VIEW_COMPARE = ["--compare", "substeps=1,iterations=20", "substeps=20,iterations=1"]

# Per scene, the rows: a label and the arguments of `smallsteps run` beyond --scene. "Ends of the sliders"
# are each scene's size parameters at their smallest and at the largest this 2-core CPU runs in minutes
# (the paper's own scale where it has one); a user reaches the same through the panel.
ROWS = {
    "bunny_cloth": [("defaults (64²)", []),
                    ("resolution 2", ["--set", "resolution=2"]),
                    ("resolution 388 (the paper's Figure 1)", ["--set", "resolution=388", "--substeps", "30"]),
                    ("1 × 30 at 388²", ["--set", "resolution=388", "--substeps", "1", "--iterations", "30"])],
    "hanging_cloth": [("defaults (32²)", []),
                      ("2 × 2 particles", ["--set", "width=2", "--set", "height=2"]),
                      ("256² particles", ["--set", "width=256", "--set", "height=256"]),
                      ("coloured by strain", ["--colour-by", "strain"])],
    "chain": [("defaults (20 particles)", []),
              ("2 particles", ["--set", "particles=2"]),
              ("1000 particles, heavy end", ["--set", "particles=1000", "--set", "heavy_mass=1000"]),
              ("swinging from 90°", ["--set", "angle=90", "--colour-by", "speed"])],
    "fem_beam": [("defaults (12,800 tets)", []),
                 ("one cube (5 tets)", ["--set", "cells_length=1", "--set", "cells_height=1",
                                        "--set", "cells_width=1"]),
                 ("1 × 100 iterations", ["--substeps", "1", "--iterations", "100"]),
                 ("coloured by strain", ["--colour-by", "strain"])],
    "fluid_column": [("defaults (spacing 5 cm)", []),
                     ("spacing 10 cm", ["--set", "spacing=0.1"]),
                     ("spacing 2.5 cm (27k particles)", ["--set", "spacing=0.025"]),
                     ("a ball dropped in", ["--set", "drop=ball"])],
    "rigid_chain": [("defaults (20 links)", []),
                    ("1 link", ["--set", "links=1"]),
                    ("200 links", ["--set", "links=200"]),
                    ("1 × 100 iterations", ["--substeps", "1", "--iterations", "100"])],
    "swinging_box": [("defaults (25 links)", []),
                     ("1 link", ["--set", "links=1"]),
                     ("200 links", ["--set", "links=200"])],
    "capsule_stack": [("defaults (10 layers)", []),
                      ("1 layer", ["--set", "layers=1"]),
                      ("40 layers, 4 a layer", ["--set", "layers=40", "--set", "per_layer=4"]),
                      ("1 × 100 iterations", ["--substeps", "1", "--iterations", "100"])],
    "heavy_stack": [("defaults", [])],
    "bridge": [("defaults (20 planks)", []),
               ("2 planks", ["--set", "planks=2"]),
               ("200 planks", ["--set", "planks=200"])],
}


def run(cmd, check=True, **kw):
    print("+", " ".join(cmd[:12]), "..." if len(cmd) > 12 else "", flush=True)
    return subprocess.run(cmd, check=check, **kw)


def record_row(smallsteps, scene, args, work):
    """Records the run into work/ as numbered PNGs; returns the frames to show, one per TIMES entry, and
    what went wrong ("" when the run exited 0: a diverged run keeps its last good frame)."""
    frames = int(round(max(TIMES) * FRAME_RATE))
    width, height = 2 * TILE[0], 2 * TILE[1]
    done = run([smallsteps, "run", "--scene", scene, "--backend", "cpu", "--frames", str(frames), "--no-progress",
                "--size", f"{width}x{height}", "--record", work + "/"] + args, check=False, stdout=subprocess.DEVNULL)
    shown = []
    for t in TIMES:
        path = os.path.join(work, "frame_%06d.png" % int(round(t * FRAME_RATE)))
        if not os.path.exists(path):  # a run that stopped early (diverged): its last frame
            recorded = sorted(f for f in os.listdir(work) if f.startswith("frame_"))
            path = os.path.join(work, recorded[-1])
        shown.append(path)
    return shown, "" if done.returncode == 0 else f" (exit {done.returncode})"


def record_view(smallsteps, scene, size, args, work):
    """One frame of the scene at its defaults at VIEW_TIME, `size` (width, height), with `args`; its path."""
    frame = int(round(VIEW_TIME * FRAME_RATE))
    run([smallsteps, "run", "--scene", scene, "--backend", "cpu", "--frames", str(frame), "--no-progress",
         "--size", f"{size[0]}x{size[1]}", "--record", work + "/"] + args, check=False, stdout=subprocess.DEVNULL)
    recorded = sorted(f for f in os.listdir(work) if f.startswith("frame_"))
    return os.path.join(work, recorded[-1]) if recorded else None


def views_sheet(smallsteps, out, size):
    """views_WxH.png: a row a scene, its defaults alone and in A/B, in VIEW_TILE tiles (640 x 360 frames as
    drawn, 1280 x 720 ones at half size, where the caption's scale 2 shows as 1)."""
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for scene in ROWS:
            shown = []
            for k, args in enumerate(([], VIEW_COMPARE)):
                work = os.path.join(tmp, f"{scene}-{k}")
                os.makedirs(work)
                shown.append(record_view(smallsteps, scene, size, args, work))
            rows.append((scene, [path for path in shown if path]))
        sheet(rows, os.path.join(out, f"views_{size[0]}x{size[1]}.png"), VIEW_TILE, ("alone", "A/B"))


def sheet(rows, out, tile=TILE, columns=None):
    """Tiles rows (label, [frame paths]) into one PNG, tiles `tile` (width, height) large, with the label and
    the column's name (`columns`, else its time) over each tile."""
    font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    inputs, filters, labels = [], [], []
    for r, (label, frames) in enumerate(rows):
        for c, path in enumerate(frames):
            k = len(inputs) // 2
            inputs += ["-i", path]
            column = columns[c] if columns else f"t = {TIMES[c]:g} s"
            text = f"{label}, {column}".replace(":", "\\:").replace("'", "\u2019")
            draw = (f",drawtext=fontfile={font}:text='{text}':x=w-tw-8:y=h-th-8:fontsize=15:fontcolor=white:"
                    "box=1:boxcolor=black@0.6:boxborderw=4") if os.path.exists(font) else ""
            filters.append(f"[{k}:v]scale={tile[0]}:{tile[1]}{draw}[t{k}]")
            labels.append((f"[t{k}]", c * tile[0], r * tile[1]))
    layout = "|".join(f"{x}_{y}" for _, x, y in labels)
    stack = "".join(name for name, _, _ in labels) + f"xstack=inputs={len(labels)}:layout={layout}"
    run(["ffmpeg", "-y", "-loglevel", "error"] + inputs +
        ["-filter_complex", ";".join(filters) + ";" + stack, "-frames:v", "1", out])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--smallsteps", default=os.path.join(root, "build/release/bin/smallsteps"))
    p.add_argument("--out", default=os.path.join(root, "docs/contact_sheets"))
    p.add_argument("--views", action="store_true", help="only the views sheets (every scene alone and in A/B)")
    p.add_argument("scenes", nargs="*", help="scenes to render (default: all, and the views sheets)")
    a = p.parse_args()
    if shutil.which("ffmpeg") is None:
        sys.exit("contact_sheets: ffmpeg is needed to tile the frames (scripts/setup.sh installs it)")
    unknown = [s for s in a.scenes if s not in ROWS]
    if unknown:
        sys.exit(f"contact_sheets: no rows for {', '.join(unknown)}; known: {', '.join(ROWS)}")
    os.makedirs(a.out, exist_ok=True)
    if a.views or not a.scenes:
        for size in VIEW_SIZES:
            views_sheet(a.smallsteps, a.out, size)
            print(f"contact_sheets: {os.path.join(a.out, 'views_%dx%d.png' % size)}", flush=True)
    for scene in [] if a.views else a.scenes or list(ROWS):
        with tempfile.TemporaryDirectory() as tmp:
            rows = []
            for i, (label, args) in enumerate(ROWS[scene]):
                work = os.path.join(tmp, str(i))
                os.makedirs(work)
                frames, failure = record_row(a.smallsteps, scene, args, work)
                rows.append((label + failure, frames))
            sheet(rows, os.path.join(a.out, scene + ".png"))
        print(f"contact_sheets: {os.path.join(a.out, scene + '.png')}", flush=True)
    write_index(a.out)


def write_index(out):
    """index.md: each sheet present, its rows, and how it was made."""
    machine = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    lines = ["# Contact sheets", "",
             "Every scene as a user first sees it: its defaults and the ends of its size sliders, one row a run",
             "of `smallsteps run --record` (the viewer's own drawing, caption and legend), one column a moment",
             f"(t = {', '.join(f'{t:g}' for t in TIMES)} s). Regenerate with `scripts/contact_sheets.py [scene ...]`.",
             "", f"Last made on {cpu} ({os.cpu_count()} cores, {machine}), CPU backend, Mesa.", ""]
    for w, h in VIEW_SIZES:
        if os.path.exists(os.path.join(out, f"views_{w}x{h}.png")):
            lines += [f"## Every scene at {w} × {h}", "",
                      f"Each scene at its defaults at t = {VIEW_TIME:g} s, alone and in A/B (`{' '.join(VIEW_COMPARE)}`), "
                      f"in {VIEW_TILE[0]} × {VIEW_TILE[1]} tiles. Regenerate with `scripts/contact_sheets.py --views`.", "",
                      f"![views {w}x{h}](views_{w}x{h}.png)", ""]
    for scene, rows in ROWS.items():
        if not os.path.exists(os.path.join(out, scene + ".png")):
            continue
        lines += [f"## {scene}", "", "Rows: " + "; ".join(
            f"{label} (`{' '.join(args)}`)" if args else label for label, args in rows) + ".", "",
                  f"![{scene}]({scene}.png)", ""]
    with open(os.path.join(out, "index.md"), "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
