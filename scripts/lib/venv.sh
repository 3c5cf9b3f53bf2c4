# Python virtualenvs under .build for the test scripts and scripts/bench: sourced, not run.
# Each is made from one pinned requirements file (scripts/requirements/*.txt; all of them:
# scripts/requirements.txt), and only from it.

# need_venv DIR REQUIREMENTS  makes DIR a virtualenv holding exactly what REQUIREMENTS pins,
# unless it already does: the hash of the file it was made from is kept in DIR, so a changed
# pin (or a virtualenv from before the file) makes it afresh.
need_venv() {
    local venv="$1" requirements="$2" hash
    hash="$(sha256sum "$requirements" | cut -d' ' -f1)"
    if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/requirements.sha256" 2>/dev/null)" = "$hash" ]; then
        return 0
    fi
    echo "venv: installing $requirements into $venv" >&2
    python3 -m venv --clear "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
    echo "$hash" >"$venv/requirements.sha256"
}
