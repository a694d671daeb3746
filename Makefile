# The two commands of the README. Both install the Debian packages first when missing.
.PHONY: deps demo test release

deps:
	@bash scripts/install-deps.sh

# Main job on the embedded default: an offline fetch from the bundled fixtures into ./cache.
demo: deps
	swift build
	.build/debug/album pin add --lat 48.8584 --lon 2.2945 --title "Eiffel Tower"
	.build/debug/album region set --lat 48.8584 --lon 2.2945 --span-lat 0.05 --span-lon 0.05
	.build/debug/album pin list
	.build/debug/album region show

test: deps
	swift build --build-tests
	swift test

release: deps
	swift build -c release
