#!/bin/sh
# Brings what `npm start` and `npm test` need on a fresh machine: Node 24 and the workspace's packages.
#
# Node 24 comes from the npm registry: the root devDependency `node` (its install script fetches the
# package node-<platform>-<arch>) puts it at node_modules/.bin/node, which `npm run` puts first on the
# PATH, so every script, Nx task and process the launcher spawns runs on it whatever the machine has.
# The packages themselves must be installed by Node 24 too (on an older one npm warns EBADENGINE and
# would build native modules for the wrong runtime), so a machine whose own Node is older first gets
# Node 24 in .node/ (the same registry package) and installs with that.
#
#   sh infra/scripts/setup.sh            install only when node_modules lacks Node 24 or Nx
#   sh infra/scripts/setup.sh --always   install anyway (CI: the lockfile may have changed)
set -eu
cd "$(dirname "$0")/../.."

major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "${1:-}" != "--always" ] && [ -e node_modules/.bin/nx ] && [ "$(major node_modules/.bin/node)" -ge 24 ]; then
  exit 0
fi

if [ "$(major node)" -lt 24 ]; then
  platform_package="node-$(node -p 'process.platform')-$(node -p 'process.arch')"
  if [ "$(major .node/node_modules/.bin/node)" -lt 24 ]; then
    echo "setup: this machine has Node $(node -v); installing Node 24 ($platform_package) into .node/"
    mkdir -p .node
    echo '{"private":true}' > .node/package.json
    npm install --prefix .node --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$platform_package@24"
  fi
  PATH="$PWD/.node/node_modules/.bin:$PATH"
  export PATH
fi

npm install --no-audit --no-fund
