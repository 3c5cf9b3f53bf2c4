#!/usr/bin/env bash
# Installs what the test stages after the build need, when missing, so that scripts/test can do
# it beside the build (downloads wait on the network while the compiler uses the cores): Debian's
# chromium and firefox-esr (browser tests), haproxy (the cluster's browser test), the PostgreSQL
# server (the store's tests) and the virtualenvs of the browser tests, the HTTP conformance cases
# and the property-based API tests, each from its pinned requirements file. Each script still installs what it needs when run alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/venv.sh
. scripts/lib/postgres.sh

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
missing=()
for tool in chromium firefox-esr haproxy; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "tools: installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
need_postgres
need_venv .build/e2e-venv scripts/requirements/e2e.txt
need_venv .build/conformance-venv scripts/requirements/conformance.txt
need_venv .build/schemathesis-venv scripts/requirements/schemathesis.txt
