#!/usr/bin/env bash
# Installs Debian's Gramps (5.1), the outside reader the export tests import our GEDCOM into
# (../shared/TESTING.md "Gramps as an outside reader of our exports"). Its command line imports
# headless; no display is needed. Idempotent: does nothing when gramps is already there.
set -euo pipefail
if ! command -v gramps >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gramps) >&2
fi
gramps --version 2>/dev/null | head -1 || true
