#!/usr/bin/env bash
# Makes a work tree of a (bare) git mirror for bench/pbd_side_by_side.sh (issue 19): PositionBasedDynamics,
# Discregrid or GenericParameters, offline. A mirror may lack a few large blobs (data files such as PBD's
# data/models/armadillo.obj or Discregrid's cmd/generate_sdf/resources/*.obj), which a plain clone or
# `git archive` cannot check out; this checks out every file the mirror has, leaves the missing ones out
# (and names them), and keeps a git work tree, so the side-by-side report can record its commit.
# The clone borrows the mirror's objects (git clone --shared) and writes nothing into the mirror.
#
# Usage: bench/peer/worktree_from_mirror.sh MIRROR_GIT_DIR DEST [COMMIT]    (COMMIT defaults to HEAD)
# e.g.   bench/peer/worktree_from_mirror.sh /work/.mirror/InteractiveComputerGraphics+PositionBasedDynamics/repo \
#            /tmp/peer/PositionBasedDynamics d0894bd
# With a network a plain clone does the same:
#        git clone https://github.com/InteractiveComputerGraphics/PositionBasedDynamics DEST && git -C DEST checkout d0894bd
set -euo pipefail

if [ $# -ge 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; }; then
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "worktree_from_mirror: usage: $0 MIRROR_GIT_DIR DEST [COMMIT]" >&2
  exit 2
fi
mirror="$1" dest="$2" commit="${3:-HEAD}"
if ! git --git-dir="$mirror" rev-parse --verify --quiet "$commit^{commit}" >/dev/null 2>&1; then
  echo "worktree_from_mirror: '$mirror' is not a git repository holding commit '$commit'" >&2
  exit 1
fi
if [ -e "$dest" ] && [ -n "$(ls -A "$dest" 2>/dev/null)" ]; then
  echo "worktree_from_mirror: '$dest' exists and is not empty" >&2
  exit 1
fi

git clone --quiet --shared --no-checkout "$mirror" "$dest"
sha="$(git -C "$dest" rev-parse "$commit^{commit}")"
git -C "$dest" update-ref --no-deref HEAD "$sha"  # detached at the commit; its files follow

# Blobs of the commit that the mirror lacks: excluded from the checkout.
mapfile -t missing < <(git -C "$dest" ls-tree -r "$sha" |
  awk '$2 == "blob" { sub(/^[^\t]*\t/, ""); print }' |
  while IFS= read -r path; do
    git -C "$dest" cat-file -e "$sha:$path" 2>/dev/null || printf '%s\n' "$path"
  done)
excludes=()
for path in "${missing[@]}"; do excludes+=(":(exclude,literal)$path"); done
git -C "$dest" checkout --quiet "$sha" -- . "${excludes[@]}"

echo "worktree_from_mirror: $dest at $sha"
for path in "${missing[@]}"; do echo "  left out (blob not in the mirror): $path"; done
