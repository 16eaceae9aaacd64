#!/usr/bin/env bash
# CI for a package that renders and tests its own transitions with render-transition, on any CI system
# (docs/CI.md has the GitHub Actions workflow that does the same). Run from anywhere:
#
#     scripts/ci-example.sh [PACKAGE_DIR] [TOOL] [GOLDENS_DIR]
#
# In PACKAGE_DIR (default: the current folder) it builds and runs the tests with CI=true (a missing golden
# fails instead of being recorded; failure images go to $CI_OUTPUT/artifacts), then, when TOOL (the
# package's own RenderTransitionCLI executable) is given, `TOOL verify GOLDENS_DIR` (default Goldens),
# which writes $CI_OUTPUT/verify/report.md, junit.xml and the expected | actual | diff images.
# CI_OUTPUT defaults to output/ci inside the package and is emptied first. CONFIGURATION (default release:
# goldens render through the optimised engine, many times faster than debug) is the build both steps use. Both steps run even when the
# first fails, so one run shows every failure; the exit status is 1 if either failed. Upload $CI_OUTPUT.
set -uo pipefail

package="${1:-.}"
tool="${2:-}"
goldens="${3:-Goldens}"
cd "$package" || { echo "ci-example: no package folder '$package'" >&2; exit 2; }
[ -f Package.swift ] || { echo "ci-example: '$package' has no Package.swift; give the folder of the package to check" >&2; exit 2; }

out="${CI_OUTPUT:-output/ci}"
rm -rf "$out" && mkdir -p "$out" || exit 2
out="$(cd "$out" && pwd)"
export CI=true
export SNAPSHOT_ARTIFACTS="$out/artifacts"

config="${CONFIGURATION:-release}"
# swift test builds everything, the tool included. No separate `swift build` first: in release it builds
# without testability and `swift test` would then rebuild the whole engine with it.
status=0
swift test -c "$config" || status=1
if [ -n "$tool" ]; then
    bin="$(swift build -c "$config" --show-bin-path)"
    [ -x "$bin/$tool" ] || { echo "ci-example: $tool was not built (see the build errors above)" >&2; exit 1; }
    "$bin/$tool" verify "$goldens" --junit "$out/verify/junit.xml" --out "$out/verify" || status=1
fi
echo "ci-example: $([ $status -eq 0 ] && echo passed || echo FAILED); reports and failure images in $out" >&2
exit $status
