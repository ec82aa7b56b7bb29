#!/bin/sh
# One image, any app: `docker run backforge <app>` (or BACKFORGE_APP=<app>). Default: standalone.
set -eu
app="${1:-${BACKFORGE_APP:-standalone}}"
case "$app" in
  gateway|generation|validation|deploy|keys|invoke-router|downloads|standalone) ;;
  *)
    echo "backforge: unknown app '$app' (gateway, generation, validation, deploy, keys, invoke-router, downloads, standalone)" >&2
    exit 64
    ;;
esac
# exec: node is PID 1's only child-free process and receives SIGTERM itself.
exec node --no-node-snapshot --enable-source-maps "/app/apps/$app/dist/main.js"
