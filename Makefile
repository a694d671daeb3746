# The two commands of the README. Both install the Debian packages first when missing.
.PHONY: deps demo test release install uninstall basemap test-browser test-release test-api test-proxy man completions deb test-deb test-deb-install fuzz

# `make install`: PREFIX/bin/album and the embedded default source in PREFIX/share/geoalbum/bundle,
# where the program looks for it (beside itself), so `album fetch` works from any folder; the zone
# map (decision 0018) in PREFIX/share/geoalbum/zones.bin.
PREFIX ?= /usr/local
# Shell completions: where bash-completion, zsh and fish look under PREFIX.
BASHDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR ?= $(PREFIX)/share/zsh/site-functions
FISHDIR ?= $(PREFIX)/share/fish/vendor_completions.d

# The release build: `make release`, `make test-release`, `make install` and `make deb` all use
# these flags, so CI builds the release once. The Swift runtime and Foundation are linked in
# (--static-swift-stdlib): the binary needs no Swift toolchain, and starts without loading them.
RELEASE_FLAGS = -c release --static-swift-stdlib
VERSION := $(shell sed -n 's/^    static let version = "\(.*\)"/\1/p' Sources/album/Album.swift)

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
	swift build $(RELEASE_FLAGS) --product album

# The CLI tests again, against the release build people install (`make install`): the optimizer
# once miscompiled what debug got right (docs/architecture.md, "Compiler pitfalls"). Without the
# PostgreSQL trait, as `make release` builds `album`: the tests built without it skip their
# PostgreSQL cases, which a binary without the trait would refuse.
test-release: deps
	swift build $(RELEASE_FLAGS) --product album
	swift build --build-tests
	ALBUM_TEST_BINARY=$(CURDIR)/.build/release/album swift test --skip-build --filter AlbumCLITests

# `album serve` and the static gallery in a real Chromium (offline, ~45 s); .ci/run runs it too.
# axe-core comes from PyPI's axe-selenium-python, installed into .build/pydeps when missing
# (pip --target: Debian's own Python packages, selenium among them, stay as they are).
AXE_VERSION = 2.1.6
test-browser: deps basemap
	swift build
	@PYTHONPATH=.build/pydeps /usr/bin/python3 -c 'import axe_selenium_python' 2>/dev/null || \
	  /usr/bin/python3 -m pip install -q --root-user-action=ignore --no-deps --target .build/pydeps axe-selenium-python==$(AXE_VERSION)
	SE_AVOID_STATS=true PYTHONPATH=.build/pydeps /usr/bin/python3 Tests/browser/browser_test.py .build/debug/album

# The offline map's vector basemap (decision 0097): GSHHG's coastlines, lakes, rivers and national
# borders, converted once from Debian's gmt-gshhg-* by Debian's gmt (scripts/gshhg-basemap.py;
# minutes of gmt) into .build/gshhg.bin, where a build run from the repository finds it and
# `make install` takes it from; kept until the script changes. Needs gmt and gmt-gshhg-* (`make
# deps`; not called here, so that .ci/run can convert beside `make test`).
basemap: .build/gshhg.bin
.build/gshhg.bin: scripts/gshhg-basemap.py
	@mkdir -p .build
	/usr/bin/python3 scripts/gshhg-basemap.py $@

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

# libFuzzer harnesses of every parser that reads outside bytes (docs/reliability.md): compiled
# once (scripts/fuzz.sh, not part of album), then each target for FUZZ_SECONDS (default 60).
fuzz: deps
	bash scripts/fuzz.sh

# Man pages (album.1, album-pin.1, album-pin-edit.1, …) generated from the argument parser by
# swift-argument-parser's generate-manual tool (the tool behind its `generate-manual` plugin,
# built from the package's own checkout, offline), and the shell completions album prints.
man: release
	swift build -c release --package-path .build/checkouts/swift-argument-parser \
	  --scratch-path .build/argument-parser-tools --product generate-manual
	rm -rf .build/man && mkdir -p .build/man
	.build/argument-parser-tools/release/generate-manual .build/release/album --multi-page \
	  --date $$(git log -1 --format=%cs 2>/dev/null || date +%F) --section 1 --output-directory .build/man
	bash scripts/man-names.sh .build/man

# bash-completion sources its file: no #! line (lintian: bash-completion-with-hashbang).
completions: release
	mkdir -p .build/completions
	.build/release/album --generate-completion-script bash | sed '1{/^#!/d}' > .build/completions/album.bash
	.build/release/album --generate-completion-script zsh > .build/completions/_album
	.build/release/album --generate-completion-script fish > .build/completions/album.fish

install: release man completions
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/geoalbum $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 755 .build/release/album $(DESTDIR)$(PREFIX)/bin/album
	rm -rf $(DESTDIR)$(PREFIX)/share/geoalbum/bundle
	cp -R fixtures/bundle $(DESTDIR)$(PREFIX)/share/geoalbum/bundle
	install -m 644 data/zones/zones.bin $(DESTDIR)$(PREFIX)/share/geoalbum/zones.bin
	[ ! -f .build/gshhg.bin ] || install -m 644 .build/gshhg.bin $(DESTDIR)$(PREFIX)/share/geoalbum/gshhg.bin
	install -m 644 .build/man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 .build/completions/album.bash $(DESTDIR)$(BASHDIR)/album
	install -m 644 .build/completions/_album $(DESTDIR)$(ZSHDIR)/_album
	install -m 644 .build/completions/album.fish $(DESTDIR)$(FISHDIR)/album.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/album $(DESTDIR)$(PREFIX)/share/man/man1/album.1 $(DESTDIR)$(PREFIX)/share/man/man1/album-*.1
	rm -f $(DESTDIR)$(BASHDIR)/album $(DESTDIR)$(ZSHDIR)/_album $(DESTDIR)$(FISHDIR)/album.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/geoalbum

# `make deb`: geoalbum_VERSION_amd64.deb, built with dpkg-deb from the release build, its data
# (the GSHHG basemap too, decision 0108), man pages and completions (scripts/make-deb.sh; Depends
# from dpkg-shlibdeps), checked by lintian.
deb: release man completions basemap
	bash scripts/make-deb.sh $(VERSION)

# The package extracted into a temporary root and run there (offline fetch, ldd): scripts/test-deb.sh.
test-deb: deb
	bash scripts/test-deb.sh geoalbum_$(VERSION)_amd64.deb

# `apt install ./geoalbum_…deb` on a clean Debian 12 made by debootstrap, then used offline there
# (root; Debian's mirror): scripts/test-deb-install.sh.
test-deb-install: deb
	bash scripts/test-deb-install.sh geoalbum_$(VERSION)_amd64.deb
