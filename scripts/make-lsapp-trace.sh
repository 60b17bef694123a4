#!/usr/bin/env bash
# Writes a SYNTHETIC usage trace in the LSApp format (SPEC 13). It is not the LSApp dataset
# (Aliannejadi et al., ACM TOIS 2021), which is not redistributed here; it only has its form: a
# tab-separated header row `user_id session_id timestamp app_name event_type`, then each user's
# rows, user after user, timestamps YYYY-MM-DD HH:MM:SS from 2019-03-01.
#
# Each user's days are sessions of Opened / User Interaction / Closed rows (now and then a
# Broken one, and one session in five not closed), with the nights empty: no row between 00:00
# and 07:00. Each user picks the app of a session by a Zipf law (weight 1/k for the k-th app)
# over an order of the APPS apps of their own (40 by default; LSApp has 87, and past the 40
# named ones the apps are App41, App42, ...), so every user has favourite apps, and different
# users different ones. Apps are named as LSApp names them, as the launcher shows them
# (`Google Chrome`, `WhatsApp Messenger`, `Spotify Music`): a scenario's `trace_name` must be
# that name (docs/research.md lists a trace's names).
#
# The same arguments give the same bytes on any machine: integer arithmetic only (the
# Park-Miller generator, whose products stay below 2^53, so awk's doubles hold them exactly),
# no awk rand(). Each user's rows depend on SEED, APPS and the user's number alone, so user 7 is
# the same in a trace of 40 users as in one of 320.
#
#   scripts/make-lsapp-trace.sh USERS ROWS_PER_USER [SEED] [APPS] > trace.tsv
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/make-lsapp-trace.sh USERS ROWS_PER_USER [SEED] [APPS] > trace.tsv" >&2; exit 64; }
[ "${4:-40}" -ge 1 ] 2>/dev/null || { echo "make-lsapp-trace: APPS must be a whole number of at least 1, got '${4}'" >&2; exit 64; }
echo "make-lsapp-trace: a synthetic trace in the LSApp format (not the LSApp dataset): $1 users, $2 rows each, seed ${3:-1}, ${4:-40} apps" >&2
awk -v users="$1" -v rows="$2" -v seed="${3:-1}" -v wanted="${4:-40}" '
# Park-Miller: state in 1 .. 2^31 - 2; returns 0 .. n - 1.
function next_random(n) { state = (state * 48271) % 2147483647; return state % n }
# Days since 1970-01-01 to "YYYY-MM-DD" (Howard Hinnant'"'"'s civil_from_days, in integers).
function civil(z,   era, doe, yoe, doy, mp, d, m, y) {
  z += 719468; era = int(z / 146097); doe = z - era * 146097
  yoe = int((doe - int(doe / 1460) + int(doe / 36524) - int(doe / 146096)) / 365)
  y = yoe + era * 400; doy = doe - (365 * yoe + int(yoe / 4) - int(yoe / 100)); mp = int((5 * doy + 2) / 153)
  d = doy - int((153 * mp + 2) / 5) + 1; m = mp < 10 ? mp + 3 : mp - 9
  return sprintf("%04d-%02d-%02d", m <= 2 ? y + 1 : y, m, d)
}
function stamp(t,   s) { s = t % 86400; return civil(start_day + int(t / 86400)) sprintf(" %02d:%02d:%02d", int(s / 3600), int(s % 3600 / 60), s % 60) }
# The next morning at 07:00 plus up to an hour when t is in the night (or too late for a
# session to end before midnight); else t.
function awake(t,   s) {
  s = t % 86400
  if (s >= 7 * 3600 && s < 23 * 3600 + 45 * 60) return t
  return (int(t / 86400) + (s >= 7 * 3600 ? 1 : 0)) * 86400 + 7 * 3600 + next_random(3600)
}
# The k-th favourite app of this user, k drawn with weight 1/k (integer weights).
function zipf_app(   r, k) {
  r = next_random(total_weight)
  for (k = 1; k < napps && r >= cumulative[k]; k++) {}
  return apps[order[k]]
}
BEGIN {
  OFS = "\t"
  napps = split("Google Chrome,WhatsApp Messenger,Facebook,Instagram,Gmail,Maps,Spotify Music,YouTube,Messages,Camera," \
    "Twitter,Netflix,Telegram,Snapchat,TikTok,Reddit,Slack,Outlook,Calendar,Photos,Clock,Calculator,Settings,Phone," \
    "Contacts,Weather,Uber,Amazon,eBay,Pinterest,LinkedIn,Skype,Zoom,Drive,Dropbox,Shazam,SoundCloud,Twitch,Duolingo,Waze", apps, ",")
  for (k = napps + 1; k <= wanted; k++) apps[k] = "App" k
  napps = wanted
  total_weight = 0
  for (k = 1; k <= napps; k++) { total_weight += int(720720 / k); cumulative[k] = total_weight }
  start_day = 17956   # 2019-03-01
  print "user_id", "session_id", "timestamp", "app_name", "event_type"
  for (u = 1; u <= users; u++) {
    state = (seed * 7919 + u * 104729) % 2147483647; if (state == 0) state = 1
    for (i = 0; i < 3; i++) next_random(2)
    for (k = 1; k <= napps; k++) order[k] = k
    for (k = napps; k > 1; k--) { j = 1 + next_random(k); x = order[k]; order[k] = order[j]; order[j] = x }
    t = 7 * 3600 + next_random(3 * 3600); session = 0; written = 0
    while (written < rows) {
      t = awake(t); session++
      app = zipf_app()
      print u, session, stamp(t), app, "Opened"; written++
      interactions = next_random(4)
      for (i = 0; i < interactions && written < rows; i++) { t += 1 + next_random(60); print u, session, stamp(t), app, "User Interaction"; written++ }
      if (next_random(20) == 0 && written < rows) { print u, session, stamp(t), app, "Broken"; written++ }
      t += 1 + next_random(120)
      if (next_random(5) > 0 && written < rows) { print u, session, stamp(t), app, "Closed"; written++ }
      t += next_random(10) == 0 ? 900 + next_random(3 * 3600) : next_random(900)
    }
  }
}'
