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
# field NAME: the payload's top-level string NAME in $value (0), absent (1), or
# present but not a plain string (2). Only for a payload with no backslash and one
# pair of braces (checked by the caller): every '"' then delimits a string, and a
# key is a string after '{' or ','.
field() {
  local re='[{,][[:space:]]*"'$1'"[[:space:]]*:[[:space:]]*"([^"]*)"'
  value=
  if [[ $payload =~ $re ]]; then
    value=${BASH_REMATCH[1]}
    local rest=${payload#*"${BASH_REMATCH[0]}"}
    [[ $rest != *"\"$1\""* ]] || return 2  # twice: the full path decides
    return 0
  fi
  [[ $payload != *"\"$1\""* ]] || return 2
  return 1
}

# read_block: the header of the block open on fd 4 into h, the rest into body; the
# file opened (/dev/fd/4, not the path) newer than the store and its WAL.
read_block() {
  local key line
  IFS= read -r line <&4 && [ "$line" = 'remem-start-block 1' ] || return 1
  for key in cwd db until clock toml env here top; do
    IFS= read -r line <&4 && [[ $line == "$key"$'\t'* ]] || return 1
    h[$key]=${line#*$'\t'}
  done
  IFS= read -r line <&4 && [ -z "$line" ] || return 1
  IFS= read -r -d '' body <&4
  [[ ${h[cwd]} == "$cwd" && ${h[until]} =~ ^[0-9]+$ && -f ${h[db]} ]] &&
    [[ /dev/fd/4 -nt ${h[db]} && /dev/fd/4 -nt ${h[db]}-wal ]]
}

# prepared: a session's first hook with no service up. Print the block prepared ahead
# for the payload's cwd (remem/integrations/start_block.py: what each header line is
# and why it is checked) and hand the hook to the full path in the background (it
# opens the session, records what was shown, starts the service); with no block and
# no store yet (fresh: the first session ever), the same with nothing printed; 1
# (nothing printed, the hook not handed over) at any doubt.
prepared() {
  local value cwd line body out rest when upto now t secs n start homer here dir file top d toml fp
  local -A h=()
  [[ $payload != *\\* ]] || return 1
  t=${payload//[^\{]/} && [ "${#t}" -eq 1 ] || return 1
  t=${payload//[^\}]/} && [ "${#t}" -eq 1 ] || return 1
  field hook_event_name
  case $? in 0) [ "$value" = SessionStart ] || return 1 ;; 2) return 1 ;; esac
  field source
  case $? in 0) [[ $value == startup || $value == clear ]] || return 1 ;; 2) return 1 ;; esac
  field session_id && [ -n "$value" ] || return 1
  field cwd && [[ $value == /* ]] || return 1
  cwd=$value
  n=${cwd//%/%25} && n=${n//\//%2F}
  [ "${#n}" -le 240 ] || return 1
  dir=$home/start-blocks
  file=$dir/$n
  if [[ ! -e $file && ! -L $file ]]; then
    fresh || return 1
    detach
    return 0
  fi
  [[ -d $dir && ! -L $dir && -O $dir && -f $file && ! -L $file && -O $file ]] || return 1
  # no one else may write or read them: the modes ls shows (one process, ~2 ms)
  t=$(ls -ldn -- "$dir" "$file" 2>/dev/null) || return 1
  n=0
  while IFS= read -r line; do
    [[ $line =~ ^(drwx------|-rw-------)\.?[[:space:]]+[0-9]+[[:space:]]+([0-9]+)[[:space:]] ]] &&
      [ "${BASH_REMATCH[2]}" = "$EUID" ] || return 1
    n=$((n + 1))
  done <<<"$t"
  [ "$n" -eq 2 ] || return 1
  { exec 4<"$file"; } 2>/dev/null || return 1
  read_block
  t=$?
  exec 4<&-
  [ "$t" -eq 0 ] || return 1
  if [[ -n ${h[clock]} && -f ${h[clock]} ]]; then
    t= && { IFS= read -r t <"${h[clock]}" || [ -n "$t" ]; } 2>/dev/null && now=$(date -u -d "$t" +%s 2>/dev/null) || return 1
  else
    printf -v now '%(%s)T' -1
  fi
  [[ $now =~ ^[0-9]+$ ]] && ((now < ${h[until]})) || return 1
  # the remem.toml the engine would read, unchanged since
  start=$PWD
  cd -P . 2>/dev/null || return 1
  if [ -n "${REMEM_CONFIG-}" ]; then
    toml=$REMEM_CONFIG
    case $toml in "~/"*) toml=$HOME/${toml#"~/"} ;; esac
  elif [ -f "$PWD/remem.toml" ]; then
    toml=$PWD/remem.toml
  elif [ -f "$home/remem.toml" ]; then
    toml=$home/remem.toml
  fi
  [[ ${toml-} == "${h[toml]}" && ( -z ${toml-} || ${h[toml]} -ot "$file" ) ]] || return 1
  # the same REMEM_* variables and user
  fp=
  for n in ${!REMEM_*} LOGNAME USER LNAME USERNAME HOME; do
    [ -n "${!n+set}" ] || continue
    case $n in
      *KEY* | *TOKEN* | *SECRET* | *PASSWORD* | *URL*) t=${!n} && fp+="$n=#${#t}"$'\x1f' ;;
      *) fp+="$n=${!n}"$'\x1f' ;;
    esac
  done
  [[ $fp == "${h[env]}" && -n ${HOME-} ]] || return 1
  # the same project: the directory resolved, the nearest folder with .git below $HOME
  cd -P -- "$HOME" 2>/dev/null && homer=$PWD && cd -P -- "$cwd" 2>/dev/null && here=$PWD
  cd -- "$start" 2>/dev/null || return 1
  [[ -n ${homer-} && ${here-} == "${h[here]}" ]] || return 1
  d=$here top=
  while [[ $d != / && $d != "$homer" ]]; do
    if [ -e "$d/.git" ]; then
      top=$d
      break
    fi
    d=${d%/*}
    d=${d:-/}
  done
  [ "$top" = "${h[top]}" ] || return 1
  # the block as it reads now: the first text whose time has not come (a carried-over
  # item expires, a reminder comes due: the next text is the block from then on)
  rest=$body body=
  while [[ $rest == $'\x02'* ]]; do
    rest=${rest#$'\x02'}
    upto=${rest%%$'\x02'*}
    rest=${rest#*$'\x02'}
    [[ $upto =~ ^[0-9]+$ ]] || return 1
    if ((now < upto)); then
      body=${rest%%$'\x02'*}
      break
    fi
    [[ $rest == *$'\x02'* ]] || return 1
    rest=$'\x02'${rest#*$'\x02'}
  done
  [[ -n ${upto-} && $now -lt $upto && $body != $'\x03' ]] || return 1
  # each memory line's age, as remem.read.inject.age_label writes it
  out= rest=$body
  while [[ $rest == *$'\x01'* ]]; do
    out+=${rest%%$'\x01'*}
    rest=${rest#*$'\x01'}
    when=${rest%%$'\x01'*}
    rest=${rest#*$'\x01'}
    [[ $when =~ ^[0-9]+$ ]] || return 1
    secs=$((now > when ? now - when : 0))
    if ((secs < 86400)); then
      out+="$((secs / 3600))h"
    elif ((secs < 60 * 86400)); then
      out+="$((secs / 86400))d"
    elif ((secs < 730 * 86400)); then
      out+="$((secs * 100 / 263001600))mo"
    else
      out+="$((secs * 100 / 3155760000))y"
    fi
  done
  printf '%s' "$out$rest"
  detach
  return 0
}

# fresh: no store yet in the remem home — the first session ever, whose block is
# empty (a store with no memory shows none) — and nothing that would put the store
# elsewhere: no remem.toml the engine would read, no REMEM_DB_PATH or REMEM_STORE_URL.
fresh() {
  [[ -z ${REMEM_CONFIG+set} && -z ${REMEM_DB_PATH+set} && -z ${REMEM_STORE_URL+set} ]] || return 1
  [[ ! -e remem.toml && ! -e $home/remem.toml ]] || return 1
  [[ ! -e $home/remem.db && ! -L $home/remem.db && ! -e $home/remem.db-wal ]]
}

# detach: the session itself, off the user's time: the full path, its output dropped,
# in a process group of its own (job control: the group is set before this script
# goes on, so nothing that stops this hook's group stops it) and a session of its own
# when setsid is there (as the Python path detaches its work)
detach() {
  local t= d log=$home/hooks.log
  local -a dirs
  [ -d "$home" ] || log=/dev/null  # no remem home yet: the full path makes it
  IFS=: read -r -a dirs <<<"$PATH"
  for d in "${dirs[@]}"; do
    [ -x "$d/setsid" ] && t=$d/setsid && break
  done
  set -m
  (
    umask 077
    exec $t "$py" -I -S "$script" hook SessionStart <<<"$payload" >/dev/null 2>>"$log"
  ) </dev/null >/dev/null 2>&1 &
  set +m
}

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
if [ "$event" = SessionStart ] && [ "${#payload}" -lt "$limit" ] && prepared; then
  exit 0
fi
{ printf '%s' "$payload" 2>/dev/null && exec cat; } | exec "$py" -I -S "$script" hook "$event"
