# The two commands of the README. Both install the Debian packages first when missing.
.PHONY: deps demo test release

deps:
	@bash scripts/install-deps.sh

# Main job on the embedded default: an offline fetch from the bundled fixtures into ./cache.
demo: deps
	swift build
	.build/debug/album fetch --lat 48.856613 --lon 2.352222 --title Paris

test: deps
	swift build --build-tests
	swift test

release: deps
	swift build -c release
