#!/bin/sh
# Installs this permsim archive under a prefix: bin/permsim and share/permsim/ (docs, the LuaLS types,
# .luacheckrc, the starter project, the gallery of examples).
#
#   ./install.sh [PREFIX]    default: /usr/local as root, else ~/.local
#
# The binary needs no Swift toolchain, no Lua and no libedit: they are linked into it.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -gt 1 ]; then
  echo "usage: $0 [PREFIX]" >&2
  exit 2
fi
if [ $# -eq 1 ]; then
  prefix="$1"
elif [ "$(id -u)" -eq 0 ]; then
  prefix=/usr/local
else
  prefix="$HOME/.local"
fi
mkdir -p "$prefix/bin" "$prefix/share"
rm -rf "$prefix/share/permsim"
cp -R "$here/share/permsim" "$prefix/share/permsim"
cp "$here/bin/permsim" "$prefix/bin/permsim.new"
chmod 755 "$prefix/bin/permsim.new"
mv -f "$prefix/bin/permsim.new" "$prefix/bin/permsim"
echo "installed $("$prefix/bin/permsim" --version | head -1) as $prefix/bin/permsim, with $prefix/share/permsim"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "add $prefix/bin to PATH to run it as permsim" ;;
esac
