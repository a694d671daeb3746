#!/usr/bin/env python3
"""CPU time SQLite spends making a new library's schema: replaying every migration of
Sources/AlbumStore/Migration/Schema.swift (one transaction each, as before decision 0083) against
running Schema.snapshot once, interleaved, least of 30 each, in memory (what `album status` on a
library not made yet does). Python's sqlite3 on the same libsqlite3 as album. Prints the load.

    python3 bench/schema-snapshot.py LIBRARY_FOLDER

LIBRARY_FOLDER: any library made by album (its `changes` table and triggers stand for
`accounts-createSync`'s SQL, which Schema+Sync.swift builds in code; CREATEs cost the same either way).
"""
import re, sqlite3, sys, time, os
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
src=open('Sources/AlbumStore/Migration/Schema.swift').read()
sync=open('Sources/AlbumStore/Migration/Schema+Sync.swift').read()
consts=dict(re.findall(r'static let (\w+) = """\n(.*?)\n\s*"""', sync, re.S))
lib=sqlite3.connect(os.path.join(sys.argv[1], 'album.sqlite'))
rows=lib.execute("select sql from sqlite_master where name in ('changes','client_requests') or name like 'changes^_%' escape '^' order by type desc").fetchall()
consts['syncSQL']=';\n'.join(r[0] for r in rows)+';\n'+"INSERT INTO changes (entity, entity_id, op, at) SELECT 'pin', id, 'put', 0 FROM pins;"
migs=[]
for m in re.finditer(r'Migration\(name: "([^"]+)", sql: (?:"""\n(.*?)\n\s*"""|Schema\.(\w+))\)', src, re.S):
    name, sql, ref = m.groups()
    migs.append((name, sql if sql is not None else consts[ref]))
snap=open('Sources/AlbumStore/Migration/Schema+Snapshot.swift').read()
snapsql=re.search(r'sql: #"""\n(.*?)\n\s*"""#', snap, re.S).group(1)
print(len(migs), "migrations; load average before: %.2f %.2f %.2f" % os.getloadavg())
def replay():
    c=sqlite3.connect(':memory:', isolation_level=None)
    c.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
    for n,s in migs:
        # One transaction per migration, as the Migrator runs them (executescript commits first).
        c.executescript("BEGIN IMMEDIATE;\n" + s + "\n;INSERT INTO schema_migrations VALUES ('%s', 'x');\nCOMMIT;" % n)
    return c
def snapshot():
    c=sqlite3.connect(':memory:', isolation_level=None)
    c.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
    c.executescript("BEGIN IMMEDIATE;\n" + snapsql + "\n" + "".join("INSERT INTO schema_migrations VALUES ('%s', 'x');\n" % n for n, _ in migs) + "COMMIT;")
    return c
best={}
for i in range(30):
    for f in (replay, snapshot):
        t=time.process_time(); f(); d=time.process_time()-t
        best[f.__name__]=min(best.get(f.__name__,9), d)
print("replay %.2f ms, snapshot %.2f ms: snapshot / replay %.2f×" % (best["replay"] * 1000, best["snapshot"] * 1000, best["snapshot"] / best["replay"]))
print("load average after: %.2f %.2f %.2f" % os.getloadavg())
