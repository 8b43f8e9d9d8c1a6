#!/bin/sh
# @sparticuz/chromium ships the browser but not every shared library it links against (Lambda's
# image has them; a bare Debian may not). Unpack the binary, ask ldd what is missing and, on a
# Debian/Ubuntu machine, install the libraries from the distribution. Idempotent: nothing is
# installed when nothing is missing. CHROMIUM_PATH set: that binary is checked instead.
set -eu

BIN="${CHROMIUM_PATH:-}"
if [ -z "$BIN" ]; then
  BIN=$(node --input-type=module -e "import c from '@sparticuz/chromium'; c.setGraphicsMode = false; console.log(await c.executablePath())" 2>/dev/null || true)
fi
if [ -z "$BIN" ] || [ ! -x "$BIN" ]; then
  echo "ensure-chromium-libs: no Chromium binary to check (is @sparticuz/chromium installed?)" >&2
  exit 0
fi

missing=$(ldd "$BIN" 2>/dev/null | grep 'not found' || true)
# Parity with the Lambda fonts layer (stacks/fonts.ts): CJK and emoji render as text here too.
FONTS=""
fc-list 2>/dev/null | grep -q 'Noto Sans CJK' || FONTS="fonts-noto-cjk"
fc-list 2>/dev/null | grep -q 'Noto Color Emoji' || FONTS="$FONTS fonts-noto-color-emoji"
if [ -z "$missing" ] && [ -z "$FONTS" ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium-libs: Chromium lacks these libraries and apt-get is unavailable:" >&2
  echo "$missing" >&2
  exit 0
fi

# Root installs directly; anyone else needs sudo, or is told what to run.
SUDO=$([ "$(id -u)" -eq 0 ] || command -v sudo || echo none)
if [ "$SUDO" = none ]; then
  echo "ensure-chromium-libs: Chromium lacks libraries; run as root: sh packages/render/scripts/ensure-chromium-libs.sh" >&2
  exit 0
fi

# What headless Chromium links against on Debian 12 (bookworm) and Ubuntu alike.
PACKAGES="libnss3 libnspr4 libatk1.0-0 libatk-bridge2.0-0 libatspi2.0-0 libcups2 libdrm2 libdbus-1-3
libxkbcommon0 libxcomposite1 libxdamage1 libxfixes3 libxrandr2 libxext6 libx11-6 libxcb1 libgbm1
libpango-1.0-0 libcairo2 libasound2 libexpat1 libglib2.0-0 libfontconfig1 libfreetype6 fonts-liberation $FONTS"

echo "ensure-chromium-libs: installing the libraries and fonts Chromium needs:"
echo "$missing"
# A failed install (a renamed package on a newer release, no network) must not fail npm install:
# say what is still missing instead; rendering tests will fail with Chromium's own message.
$SUDO apt-get update -qq || true
# shellcheck disable=SC2086
if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $PACKAGES; then
  # One name unknown to this release fails the whole call: take the others one by one.
  for package in $PACKAGES; do
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$package" >/dev/null 2>&1 ||
      echo "ensure-chromium-libs: could not install $package" >&2
  done
fi
if ldd "$BIN" | grep -q 'not found'; then
  echo "ensure-chromium-libs: still missing after the install:" >&2
  ldd "$BIN" | grep 'not found' >&2
fi
