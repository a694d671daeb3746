# The two commands of the README. Both install the Debian packages first when missing.
.PHONY: deps demo test release install uninstall test-browser test-release test-api test-proxy

# `make install`: PREFIX/bin/album and the embedded default source in PREFIX/share/geoalbum/bundle,
# where the program looks for it (beside itself), so `album fetch` works from any folder; the zone
# map (decision 0018) in PREFIX/share/geoalbum/zones.bin.
PREFIX ?= /usr/local

deps:
	@bash scripts/install-deps.sh

# Main job on the embedded default: an offline fetch from the bundled fixtures into ./cache.
demo: deps
	swift build
	.build/debug/album fetch --lat 48.856613 --lon 2.352222 --title Paris

# The tests include the PostgreSQL library's (a real server started by the tests): built with
# the PostgreSQL trait, which `make demo`/`make release` leave off.
# Two runs: the tests that wait for `album` processes (the CLI's and PostgreSQL's) block Swift's
# cooperative threads while they wait (as many as there are cores), which starves the in-process
# loopback servers and HTTP clients of the other suites: on 2 cores a client's idle connection once
# outlived libcurl's 118 s reuse limit between two requests (docs/architecture.md, "Test pitfalls").
test: deps
	swift build --build-tests --traits PostgreSQL
	swift test --skip-build --traits PostgreSQL --skip AlbumCLITests --skip AlbumPostgresTests
	swift test --skip-build --traits PostgreSQL --filter AlbumCLITests --filter AlbumPostgresTests

release: deps
	swift build -c release

# The CLI tests again, against the release build people install (`make install`): the optimizer
# once miscompiled what debug got right (docs/architecture.md, "Compiler pitfalls"). Without the
# PostgreSQL trait, as `make release` builds `album`: the tests built without it skip their
# PostgreSQL cases, which a binary without the trait would refuse.
test-release: deps
	swift build -c release --product album
	swift build --build-tests
	ALBUM_TEST_BINARY=$(CURDIR)/.build/release/album swift test --skip-build --filter AlbumCLITests

# `album serve` and the static gallery in a real Chromium (offline, ~30 s); .ci/run runs it too.
test-browser: deps
	swift build
	/usr/bin/python3 Tests/browser/browser_test.py .build/debug/album

# The JSON API against its own /api/openapi.json: schemathesis (from PyPI) with every check, a
# bounded number of examples per operation, the event stream left out (it never ends), against
# `album serve` on loopback over a library the script makes; 0 failures. .ci/run runs it too.
test-api: deps
	swift build --product album
	bash scripts/test-api.sh .build/debug/album

# The nginx reverse-proxy recipe of docs/proxy (TLS, HTTP/2) for real: nginx-light from Debian.
test-proxy: deps
	swift build --product album
	bash scripts/test-proxy.sh .build/debug/album

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/geoalbum
	install -m 755 .build/release/album $(DESTDIR)$(PREFIX)/bin/album
	rm -rf $(DESTDIR)$(PREFIX)/share/geoalbum/bundle
	cp -R fixtures/bundle $(DESTDIR)$(PREFIX)/share/geoalbum/bundle
	install -m 644 data/zones/zones.bin $(DESTDIR)$(PREFIX)/share/geoalbum/zones.bin

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/album
	rm -rf $(DESTDIR)$(PREFIX)/share/geoalbum
