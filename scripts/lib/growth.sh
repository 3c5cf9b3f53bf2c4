# scripts/bench growth: how cost grows from 1,000,000 to 10,000,000 contacts (sourced by scripts/bench).

# seeded_10m  prints the path of 10,000,000 seeded contacts (about 5 GB), seeded once and kept
# under .build/bench by what makes its content (as seeded_db), printing how long the seed took.
seeded_10m() {
    local key
    key="$(cat Migrations/*.sql Sources/Contacts/Demo/SyntheticContacts*.swift Sources/Contacts/Model/NoteLines.swift \
        Sources/Contacts/Model/SearchText.swift Sources/Contacts/Model/SearchGrams.swift | sha256sum | cut -c1-12)"
    local db=".build/bench/seed-10m-$key.sqlite"
    mkdir -p .build/bench
    if [ ! -f "$db" ]; then
        rm -f .build/bench/seed-10m-*.sqlite
        local began=$SECONDS
        "$ROSTER" seed --db "$db.tmp" --count 10000000 2>/dev/null
        echo "growth seed of 10,000,000 contacts s: $((SECONDS - began))" >&2
        mv "$db.tmp" "$db"
    fi
    echo "$db"
}

growth_bench() {
    swift build -c release --product roster >/dev/null
    ROSTER="$(swift build -c release --show-bin-path)/roster"
    local small large
    small="$(seeded_db)"
    large="$(seeded_10m)"
    dir="$(mktemp -d)"
    trap 'rm -rf "$dir"' EXIT
    # Copies, so that the cached files stay as seeded (a server saves its list when it stops).
    cp "$small" "$dir/small.sqlite"
    cp "$large" "$dir/large.sqlite"
    python3 scripts/lib/growth_bench.py "$ROSTER" "$dir/small.sqlite" "$dir/large.sqlite" "${GROWTH_ROUNDS:-3}"
}
