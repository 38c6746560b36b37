#!/usr/bin/env bash
# CI: the fonts the map pictures' PNG needs for its labels (resvg finds the system's fonts
# through fontdb). Without any font the PNG is still drawn, without its labels; the SVG does
# not depend on fonts at all. Run before `cargo test` on a Debian or Ubuntu runner.
set -euo pipefail
if fc-list 2>/dev/null | grep -qi 'DejaVu Sans'; then
    echo "fonts-dejavu-core: already installed"
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y --no-install-recommends fonts-dejavu-core
