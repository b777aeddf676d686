# cxxtest.mk: `make test` and `make fuzz` for a cxxtest module.
#
# Include it from the Makefile at the module root (where cxxtest.toml is),
# or from one above it with -C in CXXTESTFLAGS (below):
#
#     include /usr/share/cxxtest/cxxtest.mk
#
# Including it does not change your default goal: the first target of your
# own Makefile stays the one `make` builds. It never takes over a target of
# yours: its own targets are prefixed (cxxtest-test, cxxtest-fuzz,
# cxxtest-fuzz-clean), and the short names test, fuzz and fuzz-clean are
# only fallbacks (pattern rules, which make uses only for a target that has
# no rule of its own, wherever you define yours).
#
# Variables (set them on the command line, in the environment, or before
# the include):
#
#     CXXTEST       the cxxtest command                    (cxxtest)
#     PKGS          packages for `make test`                (./...)
#     CXXTESTFLAGS  extra flags for every cxxtest run, e.g. -v -race, or
#                   -C fuzz when the module is fuzz/ below this Makefile
#     FUZZ          the fuzz target for `make fuzz`, e.g. FuzzParse (required)
#     FUZZPKG       the one package holding it              (.)
#     FUZZTIME      how long to fuzz: 30s, 5m or 1000x      (30s)
#
# Targets (each also under its short name, test, fuzz and fuzz-clean, when
# your Makefile has no target of that name):
#
#     make cxxtest-test                 cxxtest $(CXXTESTFLAGS) $(PKGS)
#     make cxxtest-fuzz FUZZ=FuzzParse  cxxtest $(CXXTESTFLAGS) -fuzz=FuzzParse -fuzztime=30s $(FUZZPKG)
#     make cxxtest-fuzz-clean           cxxtest clean -fuzzcache  (drops generated corpora only)
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

.PHONY: cxxtest-test cxxtest-fuzz cxxtest-fuzz-clean cxxtest-always

define cxxtest_test_recipe
$(CXXTEST) $(CXXTESTFLAGS) $(PKGS)
endef
define cxxtest_fuzz_recipe
$(if $(strip $(FUZZ)),,$(error FUZZ is not set: run `make $@ FUZZ=FuzzXxx [FUZZPKG=./pkg] [FUZZTIME=30s]`))
$(CXXTEST) $(CXXTESTFLAGS) -fuzz=$(FUZZ) -fuzztime=$(FUZZTIME) $(FUZZPKG)
endef
define cxxtest_fuzz_clean_recipe
$(CXXTEST) clean -fuzzcache
endef

cxxtest-test:
	$(cxxtest_test_recipe)
cxxtest-fuzz:
	$(cxxtest_fuzz_recipe)
cxxtest-fuzz-clean:
	$(cxxtest_fuzz_clean_recipe)

# The short names as pattern rules (stems t, z and n): make tries a pattern
# rule only for a target without an explicit rule, so the includer's own
# test:, fuzz: or fuzz-clean: always wins. cxxtest-always (phony) makes them
# run even when a file or directory named test exists. Another name the
# pattern matches (tests, fuzzy) fails as make itself would.
cxxtest-always: ;
cxxtest_no_rule = $(error No rule to make target '$@')
tes%: cxxtest-always
	$(if $(filter t,$*),$(cxxtest_test_recipe),$(cxxtest_no_rule))
fuz%: cxxtest-always
	$(if $(filter z,$*),$(cxxtest_fuzz_recipe),$(cxxtest_no_rule))
fuzz-clea%: cxxtest-always
	$(if $(filter n,$*),$(cxxtest_fuzz_clean_recipe),$(cxxtest_no_rule))

# An empty .DEFAULT_GOAL makes the next target defined the default again.
.DEFAULT_GOAL := $(cxxtest_mk_default_goal)
