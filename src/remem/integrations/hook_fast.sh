# remem's Claude Code command hook for bash: `remem hooks install` writes
#
#     <bash> -p <...>/remem/integrations/hook_fast.sh <python> hook EVENT
#
# A hook is a new process per prompt, and a Python interpreter's start is most of
# what the Python client (hook_fast.py) costs: ~8 ms where bash starts in ~1 ms. So
# this script asks the local service itself, over the loopback port `remem serve
# --socket` opens for it (bash cannot speak to a unix socket): the port and that
# service's own token (a new one each start, so a file left by a killed service
# holds a dead token) are in `<socket>.port` beside the socket, mode 0600. It sends
# the payload (stdin) as one HTTP/1.1 request asking for the hook's stdout and
# prints the answer. No JSON is parsed here: the service checks the payload.
#
# Anything else goes to hook_fast.py (run by <python> -I -S, with the payload read
# so far on its stdin): no service, no port file, a refused or failed request, a
# short answer, bash older than 4 (no `read -N`), arguments other than `hook EVENT`,
# a payload of 1 MiB or more. So every error message and fallback is the Python
# path's. `-p`: no BASH_ENV, no functions or shell options from the environment.
# Bash variables cannot hold NUL bytes: a payload with one (never valid JSON) loses
# it here; the service then checks what is left as any payload.

LC_ALL=C  # lengths in bytes, no locale lookups
unset TMOUT  # no default timeout on reading the payload
py=$1
shift
script=${BASH_SOURCE[0]%/*}/hook_fast.py
if [ "$#" -ne 2 ] || [ "$1" != hook ] || [[ ! $2 =~ ^[A-Za-z]+$ ]] || ((BASH_VERSINFO[0] < 4)); then
  exec "$py" -I -S "$script" "$@"
fi
trap '' PIPE  # a service that closes early is a failed request, not the end of this script
event=$2
home=${REMEM_HOME:-$HOME/.remem}
case $home in "~/"*) home=$HOME/${home#"~/"} ;; esac
limit=1048576
IFS= read -r -d '' -N "$limit" payload
if [ "${#payload}" -lt "$limit" ] &&
  read -r port token _ 2>/dev/null <"$home/remem.sock.port" &&
  [[ $port =~ ^[0-9]+$ && $token =~ ^[A-Za-z0-9_-]+$ ]] &&
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
  # built whole, then written at once (printf writes each line of its format apart)
  printf -v request 'POST /hooks/claude-code/%s?output=stdout HTTP/1.1\r\nHost: remem\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n' \
    "$event" "$token" "${#payload}"
  printf '%s' "$request$payload" 2>/dev/null >&3
  length=
  if IFS=' ' read -r -t 30 _ status _ <&3 && [ "$status" = 200 ]; then
    while IFS= read -r -t 30 line <&3; do
      line=${line%$'\r'}
      [ -z "$line" ] && break
      case ${line,,} in content-length:*) length=${line#*:} length=${length// /} ;; esac
    done
    if [ -z "$line" ] && [[ $length =~ ^[0-9]+$ ]]; then
      if [ "$length" -eq 0 ]; then
        exit 0  # nothing to add to the prompt
      fi
      if IFS= read -r -d '' -N "$length" -t 30 body <&3 && [ "${#body}" -eq "$length" ]; then
        printf '%s' "$body"
        exit 0
      fi
    fi
  fi
  exec 3<&-
fi
{ printf '%s' "$payload" 2>/dev/null && exec cat; } | exec "$py" -I -S "$script" hook "$event"
