#!/usr/bin/env bash
# Writes a synthetic usage trace in the LSApp format (SPEC 13; the real dataset, ACM TOIS 2021,
# is not redistributed): a tab-separated header row, then for each user sessions of
# Opened / User Interaction / Closed rows, now and then a Broken one, timestamps
# YYYY-MM-DD HH:MM:SS. The same arguments give the same bytes on any machine (an integer LCG,
# no awk rand()).
#
#   scripts/make-lsapp-trace.sh USERS ROWS_PER_USER [SEED] > trace.tsv
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/make-lsapp-trace.sh USERS ROWS_PER_USER [SEED]" >&2; exit 64; }
awk -v users="$1" -v rows="$2" -v seed="${3:-1}" '
function next_random(n) { state = (state * 1103515245 + 12345) % 2147483648; return int(state / 65536) % n }
function stamp(t,   d, h, m, s) {
  d = int(t / 86400); t -= d * 86400; h = int(t / 3600); t -= h * 3600; m = int(t / 60); s = t - m * 60
  return sprintf("2019-03-%02d %02d:%02d:%02d", d + 1, h, m, s)
}
BEGIN {
  OFS = "\t"
  split("Chrome WhatsApp Facebook Instagram Gmail Maps Spotify YouTube Messages Camera Twitter Netflix", apps, " ")
  napps = 12
  print "user_id", "session_id", "timestamp", "app_name", "event_type"
  state = seed
  for (u = 1; u <= users; u++) {
    t = 8 * 3600 + next_random(3600); session = 0; written = 0
    while (written < rows) {
      session++
      app = apps[1 + next_random(napps) % napps]
      print u, session, stamp(t), app, "Opened"; written++
      interactions = next_random(4)
      for (i = 0; i < interactions && written < rows; i++) { t += 1 + next_random(60); print u, session, stamp(t), app, "User Interaction"; written++ }
      if (next_random(20) == 0 && written < rows) { print u, session, stamp(t), app, "Broken"; written++ }
      t += 1 + next_random(120)
      if (next_random(5) > 0 && written < rows) { print u, session, stamp(t), app, "Closed"; written++ }
      t += next_random(900)
    }
  }
}'
