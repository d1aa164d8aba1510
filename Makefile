# `make test` is the one test command (README, CI). Everything it needs it installs itself.
# It builds one configuration only (debug): Hummingbird and AsyncHTTPClient take minutes to
# build in each, and CI starts from a clean clone.
.PHONY: test build release bench install
PREFIX ?= /usr/local

test:
	@scripts/setup
	@python3 -c 'import pytest' 2>/dev/null || pip install -q pytest
	@python3 -c 'import pexpect' 2>/dev/null || pip install -q pexpect
	swift build --build-tests
	swift test --skip-build
	@scripts/setup-terminal
	python3 -m pytest -q Tests/Terminal
	@scripts/setup-browser
	python3 -m pytest -q Tests/Browser
	@scripts/setup-rxjs
	python3 -m pytest -q Tests/RxJS
	python3 -m pytest -q Tests/Import
	python3 -m pytest -q Tests/Combine
	FRP_CHECK_LEAKS=1 .build/debug/frp test Tests/Scripts Examples
	FRP_CHECK_LEAKS=1 FRP_NO_FUSE=1 .build/debug/frp test Tests/Scripts Examples

build:
	@scripts/setup
	swift build

release:
	@scripts/setup
	swift build -c release --static-swift-stdlib --product frp

bench:
	@scripts/setup
	swift build -c release --static-swift-stdlib --product frp
	cd Benchmarks && swift run -c release Benchmarks

# The binary, its man page and shell completions (bash, zsh, fish) under $(PREFIX).
install: release
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1 $(PREFIX)/share/bash-completion/completions \
		$(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d
	install -m 755 .build/release/frp $(PREFIX)/bin/frp
	.build/release/frp --generate-completion-script bash > $(PREFIX)/share/bash-completion/completions/frp
	.build/release/frp --generate-completion-script zsh > $(PREFIX)/share/zsh/site-functions/_frp
	.build/release/frp --generate-completion-script fish > $(PREFIX)/share/fish/vendor_completions.d/frp.fish
	mkdir -p .build/man
	swift package --allow-writing-to-package-directory generate-manual --output-directory .build/man
	install -m 644 .build/man/frp.1 $(PREFIX)/share/man/man1/frp.1
	install -d $(PREFIX)/share/frp/Examples/lib
	install -m 644 Examples/*.frp $(PREFIX)/share/frp/Examples
	install -m 644 Examples/lib/*.frp $(PREFIX)/share/frp/Examples/lib
