# `make test` is the one test command (README, CI). Everything it needs it installs itself.
# It builds one configuration only (debug): Hummingbird and AsyncHTTPClient take minutes to
# build in each, and CI starts from a clean clone.
.PHONY: test build release bench

test:
	@scripts/setup
	@python3 -c 'import pexpect' 2>/dev/null || pip install -q pexpect
	swift build --build-tests
	swift test --skip-build
	python3 Tests/Terminal/repl_pty_test.py
	python3 Tests/Terminal/serve_soak_test.py
	.build/debug/frp test Tests/Scripts Examples
	FRP_NO_FUSE=1 .build/debug/frp test Tests/Scripts Examples

build:
	@scripts/setup
	swift build

release:
	@scripts/setup
	swift build -c release --static-swift-stdlib --product frp

bench:
	cd Benchmarks && swift run -c release Benchmarks
