#!/usr/bin/env bash
# What the tests of the web pages and the zine need (issue #15): html5lib (PyPI), whose
# strict parser validates the HTML arbitre writes, and headless Chromium (Debian's
# chromium-headless-shell, else chromium) to draw a page to a PNG. Installs what is
# missing, as root, with pip and apt-get; does nothing when all is there. When something
# cannot be installed it says so and goes on: the tests that need it print that they are
# skipped and why (and fail under ARBITRE_REQUIRE_SERVERS=1).
set -uo pipefail

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"
    else echo "setup-pages: not root (and no sudo): cannot run: $*" >&2; return 1
    fi
}

python=${ARBITRE_TEST_PYTHON:-python3}
if ! "$python" -c 'import html5lib' 2>/dev/null; then
    echo "setup-pages: installing html5lib with pip"
    "$python" -m pip install --quiet html5lib ||
        echo "setup-pages: could not install html5lib; the HTML validation tests will be skipped" >&2
fi

chromium_bin() {
    for b in chromium-headless-shell chromium chromium-browser; do
        command -v "$b" && return 0
    done
    [ -x /usr/lib/chromium/chromium-headless-shell ] && echo /usr/lib/chromium/chromium-headless-shell && return 0
    return 1
}

if ! chromium_bin >/dev/null; then
    if command -v apt-get >/dev/null; then
        as_root apt-get update -qq
        package=chromium
        if apt-cache show chromium-headless-shell >/dev/null 2>&1; then package=chromium-headless-shell; fi
        echo "setup-pages: installing $package with apt-get"
        DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$package" >/dev/null ||
            echo "setup-pages: could not install $package; the screenshot test will be skipped" >&2
    else
        echo "setup-pages: no apt-get here: install chromium by hand; the screenshot test will be skipped" >&2
    fi
fi

echo "setup-pages: html5lib $("$python" -c 'import html5lib; print(html5lib.__version__)' 2>/dev/null || echo missing)," \
    "chromium: $(chromium_bin || echo missing)"
