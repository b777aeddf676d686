# cxxtest.mk: `make test` and `make fuzz` for a cxxtest module.
#
# Include it from the Makefile at the module root (where cxxtest.toml is):
#
#     include /usr/share/cxxtest/cxxtest.mk
#
# Including it does not change your default goal: the first target of your
# own Makefile stays the one `make` builds.
#
# Variables (set them on the command line, in the environment, or before
# the include):
#
#     CXXTEST       the cxxtest command                    (cxxtest)
#     PKGS          packages for `make test`                (./...)
#     CXXTESTFLAGS  extra flags for every cxxtest run, e.g. -v -race
#     FUZZ          the fuzz target for `make fuzz`, e.g. FuzzParse (required)
#     FUZZPKG       the one package holding it              (.)
#     FUZZTIME      how long to fuzz: 30s, 5m or 1000x      (30s)
#
# Targets:
#
#     make test                     cxxtest $(CXXTESTFLAGS) $(PKGS)
#     make fuzz FUZZ=FuzzParse      cxxtest $(CXXTESTFLAGS) -fuzz=FuzzParse -fuzztime=30s $(FUZZPKG)
#     make fuzz-clean               cxxtest clean -fuzzcache  (drops generated corpora only)
#
# Every target runs in the directory make runs in; cxxtest finds the module
# from there. Exit status is cxxtest's: 0 pass, 1 a test or fuzz failure,
# 2 a build or usage error.

CXXTEST ?= cxxtest
PKGS ?= ./...
CXXTESTFLAGS ?=
FUZZ ?=
FUZZPKG ?= .
FUZZTIME ?= 30s

# Remember the includer's default goal so this file's targets never take it.
cxxtest_mk_default_goal := $(.DEFAULT_GOAL)

.PHONY: test fuzz fuzz-clean

test:
	$(CXXTEST) $(CXXTESTFLAGS) $(PKGS)

fuzz:
	$(if $(strip $(FUZZ)),,$(error FUZZ is not set: run `make fuzz FUZZ=FuzzXxx [FUZZPKG=./pkg] [FUZZTIME=30s]`))
	$(CXXTEST) $(CXXTESTFLAGS) -fuzz=$(FUZZ) -fuzztime=$(FUZZTIME) $(FUZZPKG)

fuzz-clean:
	$(CXXTEST) clean -fuzzcache

# An empty .DEFAULT_GOAL makes the next target defined the default again.
.DEFAULT_GOAL := $(cxxtest_mk_default_goal)
