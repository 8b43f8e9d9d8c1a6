#!/bin/sh
# Builds the Lambda layer of fonts the Chromium functions get (stacks/fonts.ts): Noto Sans CJK
# (Chinese, Japanese, Korean) and Noto Color Emoji from Debian's packages, into
# .build/fonts-layer/fonts/. Lambda unpacks a layer under /opt, and @sparticuz/chromium's
# fonts.conf reads /opt/fonts beside its own Open Sans, so CJK and emoji stop rendering as boxes.
# Run before `sst deploy` (docs/deploy.md); needs apt-get (no root: it only downloads packages).
set -eu
cd "$(dirname "$0")/.."
OUT=.build/fonts-layer/fonts
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

(cd "$WORK" && apt-get download fonts-noto-cjk fonts-noto-color-emoji >/dev/null)
for deb in "$WORK"/*.deb; do dpkg-deb -x "$deb" "$WORK/root"; done

rm -rf "$OUT" && mkdir -p "$OUT"
# Regular and Bold of the sans family cover body text and headings; the other weights and the
# serif family would double the layer (Lambda: 50 MB zipped, 250 MB with the function unzipped).
cp "$WORK"/root/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
  "$WORK"/root/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc \
  "$WORK"/root/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf "$OUT/"
du -sh "$OUT"
