#!/bin/sh
# Runs a command under a private Xvfb (virtual X display) and returns the command's exit status.
# Xvfb chooses a free display number itself (-displayfd) and reports it only once it accepts connections,
# so back-to-back or parallel tests never race for a number the way `xvfb-run -a` can (seen in CI as
# "X11: Failed to open display :100"). -noreset keeps the server up between clients: by default Xvfb resets
# when its last client disconnects, and a test that opens a second window right after closing its first one
# (Viewer.CompareHalves...) could connect during that reset and fail.
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/smallsteps-xvfb.XXXXXX") || exit 1
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkfifo "$dir/displayfd"
Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 1280x720x24 3>"$dir/displayfd" 2>"$dir/xvfb.log" &
pid=$!
display=
read -r display <"$dir/displayfd"
if [ -z "$display" ]; then
  echo "with_xvfb.sh: Xvfb did not start:" >&2
  cat "$dir/xvfb.log" >&2
  exit 1
fi
DISPLAY=":$display" "$@"
