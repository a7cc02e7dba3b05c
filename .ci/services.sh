#!/usr/bin/env bash
# The loopback SLURM cluster the HPC integration tests use (shared/specs/infrastructure.md §0):
# munged, slurmctld, slurmd (one node, partition "debug") and a key-only sshd on 127.0.0.1:2222 for
# the user ciuser. Debian 12, root, no systemd: every daemon is started by hand and daemonizes.
#
#   bash .ci/services.sh          install what is missing, start what is not running (idempotent)
#   bash .ci/services.sh stop     stop every daemon by its pid file and wait for it to exit
#
# State (ssh keys, known_hosts, sshd config and log) lives in $CI_SVC_DIR, by default
# /var/lib/engiai-ci-services: one place per machine, so every checkout's tests find the same cluster
# (tests/integration/hpc/cluster.ts reads it; ENGIAI_CI_SVC_DIR overrides it there).
set -euo pipefail
STATE=${CI_SVC_DIR:-/var/lib/engiai-ci-services}
SSH_PORT=${SSH_TEST_PORT:-2222}
SSH_USER=${SSH_TEST_USER:-ciuser}
t() { printf '[%6.1fs] %s\n' "$(( $(date +%s%N) - T0 ))e-9" "$*"; }
T0=$(date +%s%N)

if [ "${1:-}" = stop ]; then
  for f in /run/slurm/slurmd.pid /run/slurm/slurmctld.pid "$STATE/sshd.pid" /run/munge/munged.pid; do
    [ -s "$f" ] || continue
    p=$(cat "$f"); kill "$p" 2>/dev/null || continue
    for _ in $(seq 1 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    echo "stopped $f ($p)"
  done
  exit 0
fi

# ---------- packages ----------
PKGS="slurm-wlm munge openssh-server"
missing=$(for p in $PKGS; do dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' || echo "$p"; done)
if [ -n "$missing" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
t "packages installed ($PKGS)"

# ---------- munge ----------
mkdir -p /run/munge && chown munge:munge /run/munge && chmod 0755 /run/munge
[ -s /etc/munge/munge.key ] || { mungekey --create; chown munge:munge /etc/munge/munge.key; chmod 0400 /etc/munge/munge.key; }
munge -n >/dev/null 2>&1 || runuser -u munge -- /usr/sbin/munged
munge -n | unmunge >/dev/null
t "munged up"

# ---------- slurm ----------
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/slurm "$STATE"
chmod 0755 "$STATE"
chown slurm:slurm /var/spool/slurmctld /var/log/slurm /run/slurm
CPUS=$(nproc)
MEM=$(awk '/MemTotal/ {printf "%d", $2/1024 - 512}' /proc/meminfo)
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=ci
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=slurm
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
SlurmctldPort=6817
SlurmdPort=6818
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurm/slurmctld.pid
SlurmdPidFile=/run/slurm/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SchedulerParameters=sched_min_interval=0,batch_sched_delay=0
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=/var/log/slurm/jobcomp.log
MinJobAge=300
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=node1 NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=${CPUS} RealMemory=${MEM} State=UNKNOWN
PartitionName=debug Nodes=node1 Default=YES MaxTime=INFINITE State=UP
CONF
[ -s /run/slurm/slurmctld.pid ] && kill -0 "$(cat /run/slurm/slurmctld.pid)" 2>/dev/null || /usr/sbin/slurmctld
[ -s /run/slurm/slurmd.pid ] && kill -0 "$(cat /run/slurm/slurmd.pid)" 2>/dev/null || /usr/sbin/slurmd -N node1
for _ in $(seq 1 100); do [ "$(sinfo -h -n node1 -o %t 2>/dev/null)" = idle ] && break; sleep 0.2; done
[ "$(sinfo -h -n node1 -o %t)" = idle ] || { echo "slurm node not idle"; sinfo; tail -20 /var/log/slurm/slurmctld.log; exit 1; }
t "slurmctld + slurmd up, node1 idle"

# ---------- sshd: key-only, 127.0.0.1:$SSH_PORT, user $SSH_USER ----------
mkdir -p /run/sshd && chmod 0755 /run/sshd
id "$SSH_USER" >/dev/null 2>&1 || useradd -m -s /bin/bash "$SSH_USER"
usermod -p '*' "$SSH_USER"   # not '!': sshd (UsePAM no) refuses a locked account even with a valid key
[ -f "$STATE/ssh_host_ed25519_key" ] || ssh-keygen -q -t ed25519 -N '' -f "$STATE/ssh_host_ed25519_key"
[ -f "$STATE/id_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C ci@localhost -f "$STATE/id_ed25519"
H=$(getent passwd "$SSH_USER" | cut -d: -f6)
install -d -m 700 -o "$SSH_USER" -g "$SSH_USER" "$H/.ssh"
install -m 600 -o "$SSH_USER" -g "$SSH_USER" "$STATE/id_ed25519.pub" "$H/.ssh/authorized_keys"
cat > "$STATE/sshd_config" <<CONF
Port $SSH_PORT
ListenAddress 127.0.0.1
HostKey $STATE/ssh_host_ed25519_key
PidFile $STATE/sshd.pid
AuthenticationMethods publickey
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin no
AllowUsers $SSH_USER
UsePAM no
StrictModes yes
AuthorizedKeysFile .ssh/authorized_keys
X11Forwarding no
PrintMotd no
Subsystem sftp internal-sftp
LogLevel VERBOSE
CONF
/usr/sbin/sshd -t -f "$STATE/sshd_config"
[ -s "$STATE/sshd.pid" ] && kill -0 "$(cat "$STATE/sshd.pid")" 2>/dev/null || /usr/sbin/sshd -f "$STATE/sshd_config" -E "$STATE/sshd.log"
for _ in $(seq 1 50); do ssh-keyscan -p "$SSH_PORT" -t ed25519 127.0.0.1 >"$STATE/keyscan" 2>/dev/null && [ -s "$STATE/keyscan" ] && break; sleep 0.1; done
sed "s/^127.0.0.1/[127.0.0.1]:$SSH_PORT/" "$STATE/keyscan" > "$STATE/known_hosts"
t "sshd up on 127.0.0.1:$SSH_PORT (key: $STATE/id_ed25519, known_hosts: $STATE/known_hosts)"
