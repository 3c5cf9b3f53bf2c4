# Roster in a container: build with the Swift toolchain image, run on slim Debian.
#   docker build -t roster .
#   docker run -p 8080:8080 -v roster-data:/data -e ROSTER_ADMIN_TOKEN="$(openssl rand -hex 16)" roster
# It listens on 0.0.0.0, so reads need the admin token too (a Bearer header, or the page's
# sign-in) and it exits 2 without ROSTER_ADMIN_TOKEN; `docker run ... roster --public-read`
# (arguments after the image name go to serve) lets anyone who reaches it read every contact.
# The list's locale (its order and sections, docs/api.md "The list's locale") is English unless
# -e ROSTER_LOCALE=sv (or another BCP 47 tag) names another; a start in another one reorders the list.
# The first start seeds 1,000,000 demo contacts into the volume (about 8 s on an idle 2-core machine).

FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev zlib1g-dev libdeflate-dev libisal-dev libzstd-dev libpq-dev \
        libicu-dev libphonenumber-dev libvips-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product roster --static-swift-stdlib \
    && cp "$(swift build -c release --show-bin-path)/roster" /roster

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 zlib1g libdeflate0 libisal2 libzstd1 libpq5 \
        libicu72 libphonenumber8 libvips42 curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --home-dir /data roster \
    && mkdir -p /data && chown roster:roster /data
COPY --from=build /roster /usr/local/bin/roster
COPY Public /app/Public
COPY Migrations /app/Migrations
WORKDIR /app
USER roster
VOLUME ["/data"]
EXPOSE 8080
# The admin token for reads and writes comes from the environment: -e ROSTER_ADMIN_TOKEN=...
# /healthz stays open without it, for the check below.
HEALTHCHECK --interval=30s --timeout=3s --start-period=60s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["roster", "serve", "--host", "0.0.0.0", "--port", "8080", "--db", "/data/roster.sqlite", \
    "--public", "/app/Public", "--migrations", "/app/Migrations"]
