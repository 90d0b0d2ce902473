# make install [PREFIX=/usr/local] [DESTDIR=]   release build, binary, man page, completions
# make uninstall [PREFIX=/usr/local]            removes exactly what install installed
# make build                                    the release build alone, in .build/make/release
#
# On Linux the Swift standard library is linked in (--static-swift-stdlib): the installed binary
# keeps working when the toolchain is upgraded or removed, and it starts faster.

PREFIX ?= /usr/local
DESTDIR ?=
# Where SwiftPM builds: not .build itself, whose plain debug and release builds use other flags
# (each switch would rebuild everything). Tests pass their own.
SCRATCH_PATH ?= .build/make

BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# The commit `modulegen --version` prints: HEAD, with -dirty when tracked files have changes.
# Only when this folder is the top of a git checkout (not a tarball inside another repository).
GIT_COMMIT := $(if $(shell git rev-parse --show-prefix 2>/dev/null),,$(shell git rev-parse --short=12 HEAD 2>/dev/null))
COMMIT ?= $(GIT_COMMIT)$(if $(GIT_COMMIT),$(if $(shell git status --porcelain --untracked-files=no 2>/dev/null),-dirty))

SWIFT_BUILD_FLAGS = --configuration release --product modulegen --scratch-path "$(SCRATCH_PATH)"
ifeq ($(shell uname -s),Linux)
SWIFT_BUILD_FLAGS += --static-swift-stdlib
endif
ifneq ($(COMMIT),)
SWIFT_BUILD_FLAGS += -Xcc -DMODULEGEN_COMMIT=$(COMMIT)
endif

BINARY = $(SCRATCH_PATH)/release/modulegen
SHARE = $(SCRATCH_PATH)/install-files

.PHONY: build install uninstall

build:
	swift build $(SWIFT_BUILD_FLAGS)
	mkdir -p "$(SHARE)"
	"$(BINARY)" --generate-manual > "$(SHARE)/modulegen.1"
	"$(BINARY)" completions bash > "$(SHARE)/modulegen.bash"
	"$(BINARY)" completions zsh > "$(SHARE)/_modulegen"
	"$(BINARY)" completions fish > "$(SHARE)/modulegen.fish"

install: build
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)"
	install -m 755 "$(BINARY)" "$(BINDIR)/modulegen"
	install -m 644 "$(SHARE)/modulegen.1" "$(MANDIR)/modulegen.1"
	install -m 644 "$(SHARE)/modulegen.bash" "$(BASH_COMPLETIONS)/modulegen"
	install -m 644 "$(SHARE)/_modulegen" "$(ZSH_COMPLETIONS)/_modulegen"
	install -m 644 "$(SHARE)/modulegen.fish" "$(FISH_COMPLETIONS)/modulegen.fish"

uninstall:
	rm -f "$(BINDIR)/modulegen" "$(MANDIR)/modulegen.1" "$(BASH_COMPLETIONS)/modulegen" \
		"$(ZSH_COMPLETIONS)/_modulegen" "$(FISH_COMPLETIONS)/modulegen.fish"
