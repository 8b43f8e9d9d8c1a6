#!/bin/sh
# DynamoDB Local needs a Java runtime. On a fresh Debian/Ubuntu machine without one, install the
# headless JRE from the distribution; elsewhere, say what is missing instead of failing later.
set -eu

if command -v java >/dev/null 2>&1; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-java: java not found and apt-get is unavailable; install a Java 17+ runtime for DynamoDB Local." >&2
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "ensure-java: java not found; run as root: apt-get install -y default-jre-headless" >&2
    exit 0
  fi
fi

echo "ensure-java: installing default-jre-headless for DynamoDB Local"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends default-jre-headless
java -version
