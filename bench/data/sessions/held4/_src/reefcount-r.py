"""reefcount-r: PhD thesis analysis in R (tidyverse, renv, targets, brms/cmdstanr, Quarto); an over-explaining student."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "_gen"))
from builder import Project  # noqa: E402

CWD = "/home/mkahale/phd/reefcount"

TARGETS_R = """library(targets)
library(tarchetypes)
tar_option_set(packages = c("tidyverse", "brms", "here"), seed = 4812)
tar_source("R/")

list(
  tar_target(raw_file, here::here("data-raw/transects_2019_2024.csv"), format = "file"),
  tar_target(counts_raw, read_transects(raw_file)),
  tar_target(counts_clean, clean_transects(counts_raw)),
  tar_target(fit_nb, fit_count_model(counts_clean)),
  tar_quarto(chapter2, "chapters/ch2_reef_counts.qmd")
)"""

TAR_MAKE_SUMMARY = """✔ skipped target raw_file
✔ skipped target counts_raw
✔ skipped target counts_clean
▶ dispatched target summary_site_year
● completed target summary_site_year [0.041 seconds, 2.113 kilobytes]
✔ skipped target fit_nb
✔ skipped pipeline [0.87 seconds]
"""

INIT_FAIL = """▶ dispatched target fit_nb
Running MCMC with 4 parallel chains...

Chain 1 Rejecting initial value:
Chain 1   Log probability evaluates to log(0), i.e. negative infinity.
Chain 1   Stan can't start sampling from this initial value.
Chain 1 Rejecting initial value:
Chain 1   Error evaluating the log probability at the initial value.
Chain 1 Exception: neg_binomial_2_log_lpmf: Log location parameter[17] is inf, but must be finite! (in '/tmp/RtmpQ0v3Xg/model-2b1c6e0f.stan', line 41, column 4 to column 56)
Chain 1 Initialization between (-2, 2) failed after 100 attempts.
Chain 1  Try specifying initial values, reducing ranges of constrained values, or reparameterizing the model.
Chain 1 Initialization failed.
Chain 2 Initialization failed.
Chain 3 Initialization failed.
Chain 4 Initialization failed.
Warning: All chains finished unexpectedly! Use the $output(chain_id) method for more information.
✖ errored target fit_nb
✖ errored pipeline [1.412 minutes]
Error:
! Error running targets::tar_make()
  Error messages: targets::tar_meta(fields = error, complete_only = TRUE)
  Debugging guide: https://books.ropensci.org/targets/debugging.html
  Last error message:
    No chains finished successfully. Unable to retrieve the fit.
Execution halted"""


def build():
    p = Project("reefcount-r", CWD,
                voice="second-year PhD student who over-explains: long apologetic context, parentheticals, "
                      "'sorry if this is obvious', cites the advisor (Dr. Okafor), exclamation marks",
                stack="R 4.3.2 -> 4.4.1, tidyverse, renv, targets + tarchetypes, brms with cmdstanr (CmdStan 2.34.1), "
                      "Quarto book to PDF, lab RStudio server 'coral'",
                seed=4202)

    # ------------------------------------------------------------------ S0
    s = p.session("2026-01-26 10:15")
    s0_intro = s.user(
        "Hi! Sorry, this is going to be a bit long, I just want to give you some context first. I'm a second-year "
        "PhD student and this repo is the analysis for my second thesis chapter — reef fish counts from belt "
        "transects around O'ahu, 2019–2024. It's an R project with renv (R 4.3.2 on my laptop, and the lab server "
        "'coral' has the same version, I checked) and the pipeline is built with targets. The raw transect data "
        "lives in data-raw/transects_2019_2024.csv. The models are brms with the cmdstanr backend (CmdStan 2.34.1 is "
        "in ~/.cmdstan, which I think is the default place?). Could you start by just checking that renv is in sync "
        "and that the pipeline is up to date? I really don't want to break anything before lab meeting on Thursday.",
        "fact")
    s.bash("Rscript -e 'renv::status()'", out="No issues found -- the project is in a consistent state.\n", dur=6)
    s.bash("Rscript -e 'targets::tar_outdated()'", out="character(0)\n", dur=9)
    s.read("_targets.R", TARGETS_R)
    s.reply("All good: `renv::status()` reports a consistent state and `tar_outdated()` is empty, so every target "
            "(raw_file → counts_raw → counts_clean → fit_nb → chapter2) is up to date. Nothing was changed.")

    s0_raw = s.user(
        "Oh, and one really important thing (my advisor, Dr. Okafor, was very clear about this from day one): "
        "nothing in data-raw/ ever gets modified, not by hand and not by code. If something is wrong in the raw data "
        "we fix it in the cleaning step, in R/fns_clean.R, so there's a paper trail. Sorry if that's obvious!",
        "preference")
    s.reply("Not obvious at all, and a good rule. I'll treat `data-raw/` as read-only and put any fixes in "
            "`clean_transects()` in `R/fns_clean.R`.")

    s0_src = s.user(
        "Also — I think this matters for reproducibility — please always run things through targets::tar_make() "
        "rather than source()-ing the scripts in R/. The scripts only define functions, and if you source them you "
        "end up with stale objects in the global environment (that happened to me in October and I lost a week "
        "chasing a bug that wasn't there).", "preference")
    s.reply("Understood: everything goes through `targets::tar_make()` (and `tar_read()`/`tar_load()` to inspect "
            "results), never `source()` of the files in `R/`.")

    s.user("Could you add a quick summary table of mean counts per site and year? Just as a target, nothing fancy — "
           "it's for a slide.", "request")
    s.read("R/fns_summary.R", "# Summary tables for slides and the supplement\n\nsummarise_effort <- function(counts) {\n"
           "  counts |>\n    dplyr::count(year, name = \"n_transects\")\n}\n")
    s.edit("R/fns_summary.R", "summarise_effort <- function(counts) {\n",
           "summarise_site_year <- function(counts) {\n  aggregate(total_count ~ site_code + year, data = counts, FUN = mean)\n}\n\n"
           "summarise_effort <- function(counts) {\n", line=3)
    s.edit("_targets.R", "  tar_target(fit_nb, fit_count_model(counts_clean)),\n",
           "  tar_target(summary_site_year, summarise_site_year(counts_clean)),\n  tar_target(fit_nb, fit_count_model(counts_clean)),\n", line=10)
    s.bash("Rscript -e 'targets::tar_make()'", out=TAR_MAKE_SUMMARY, dur=14)
    s.reply("Added `summarise_site_year()` (mean `total_count` per `site_code` × `year`, via `aggregate()`) and a "
            "`summary_site_year` target. It built in 0.04 s; `tar_read(summary_site_year)` gives the table.")

    s0_c1 = s.user(
        "Oh, thank you! Although — sorry — could we do it the dplyr way? Everything else in the project is "
        "tidyverse style and my committee members actually read the code, so having base R aggregate() in there will "
        "confuse them (and me, honestly).", "correction")
    s.edit("R/fns_summary.R",
           "  aggregate(total_count ~ site_code + year, data = counts, FUN = mean)\n",
           "  counts |>\n    dplyr::group_by(site_code, year) |>\n"
           "    dplyr::summarise(mean_count = mean(total_count), n = dplyr::n(), .groups = \"drop\")\n")
    s.bash("Rscript -e 'targets::tar_make()'", out=TAR_MAKE_SUMMARY, dur=12)
    s.reply("Rewritten with `group_by()` + `summarise()` (and I added `n` so the slide can show effort). Same "
            "numbers as before.")

    s.user("Quick question, and sorry if this is a dumb one: what's the difference between tar_make() and "
           "tar_make_future()? I see both in tutorials and I'm not sure which one I'm supposed to use.", "question")
    s.reply("Not dumb! `tar_make_future()` (and `tar_make_clustermq()`) are the older ways to run targets in "
            "parallel; they're superseded. Current targets uses plain `tar_make()` everywhere, and parallelism comes "
            "from setting a crew controller in `tar_option_set(controller = crew::crew_controller_local(workers = 4))`. "
            "So: always `tar_make()`.")

    s0_deadline = s.user(
        "Ok, that makes sense. For planning purposes: the chapter 2 draft is due to my committee on March 13, so "
        "everything has to be rendered by then (ideally a few days before, haha). Could you check how long the full "
        "pipeline would take from scratch? Without actually destroying anything, if that's possible?", "fact")
    s.bash("Rscript -e 'targets::tar_meta(fields = c(name, seconds)) |> dplyr::arrange(dplyr::desc(seconds)) |> head(4)'",
           out="# A tibble: 4 × 2\n  name           seconds\n  <chr>            <dbl>\n1 fit_nb          842.  \n"
               "2 chapter2         61.3 \n3 counts_clean      4.12\n4 counts_raw        1.87\n", dur=5)
    s.reply("Without invalidating anything: from the stored metadata, a cold run is about 15 minutes — `fit_nb` "
            "is 842 s (~14 min), the Quarto chapter 61 s, everything else a few seconds. Plenty of margin for "
            "March 13.")

    s.user("Thank you so much, this is super helpful!! I'll stop here for today.", "thanks")
    s.reply("You're welcome — good luck at lab meeting!")
    s.end()

    # ------------------------------------------------------------------ S1
    s = p.session("2026-02-02 14:30")
    s.user(
        "Hi again! So today I'd like to make the main figure for the chapter: mean abundance per site over the years, "
        "one small panel per site. It should use counts_clean, which already excludes surveys where the visibility "
        "was below 5 metres (that's in the cleaning step). Could you add the plot function and a target that saves "
        "the figure into figures/?", "fact")
    s.read("R/fns_plots.R", "# Plot helpers\n\ntheme_reef <- function() {\n  ggplot2::theme_minimal(base_size = 10) +\n"
           "    ggplot2::theme(panel.grid.minor = ggplot2::element_blank())\n}\n")
    s.grep("site", ["R/fns_clean.R"], path="R", content="R/fns_clean.R:14:    site = stringr::str_to_title(site),\n"
           "R/fns_clean.R:15:    site_code = toupper(site_code),\n")
    s.bash("Rscript -e 'd <- targets::tar_read(counts_clean); c(site = dplyr::n_distinct(d$site), site_code = dplyr::n_distinct(d$site_code))'",
           out="     site site_code \n       38        31 \n", dur=4)
    s1_ask = s.reply("Before I facet the plot: `counts_clean` has two site columns, `site` (38 distinct values) and "
                     "`site_code` (31). Which one should define the panels? They clearly don't map one-to-one.")

    s1_site = s.user(
        "Oh gosh, good catch. site_code, definitely — the site column was typed in by hand on the boat in 2019 and "
        "has typos (like 'Hanauma' vs 'Hanauma Bay' vs 'hanauma'), and site_code comes from the GPS waypoints so it's "
        "the reliable one. Sorry, I should have said that right away.", "fact")
    s.edit("R/fns_plots.R", "theme_reef <- function() {\n",
           "plot_abundance <- function(summary, path) {\n  p <- ggplot2::ggplot(summary, ggplot2::aes(year, mean_count)) +\n"
           "    ggplot2::geom_line() + ggplot2::geom_point(size = 0.8) +\n"
           "    ggplot2::facet_wrap(~ site_code, ncol = 6) +\n    ggplot2::scale_colour_brewer(palette = \"Set2\") +\n"
           "    theme_reef()\n  ggplot2::ggsave(path, p, width = 180, height = 160, units = \"mm\", dpi = 300)\n  path\n}\n\n"
           "theme_reef <- function() {\n", line=3)
    s.edit("_targets.R", "  tar_target(fit_nb, fit_count_model(counts_clean)),\n",
           "  tar_target(fig_abundance, plot_abundance(summary_site_year, \"figures/fig2_abundance.png\"), format = \"file\"),\n"
           "  tar_target(fit_nb, fit_count_model(counts_clean)),\n", line=11)
    s.bash("Rscript -e 'targets::tar_make()'",
           out="▶ dispatched target fig_abundance\n● completed target fig_abundance [2.31 seconds, 412.6 kilobytes]\n"
               "✔ skipped target fit_nb\n▶ dispatched target chapter2\n● completed target chapter2 [58.9 seconds, 1.204 megabytes]\n"
               "▶ ended pipeline [1.102 minutes]\n", dur=70)
    s.reply("Done: `plot_abundance()` facets by `site_code` (31 panels, 6 columns) and the `fig_abundance` target "
            "writes `figures/fig2_abundance.png` at 300 dpi, 180 × 160 mm. The chapter re-rendered because it "
            "depends on the figure.")

    s1_c2 = s.user(
        "Thank you! It looks great. Oh, sorry, not like that though — the journal (MEPS) only takes vector figures "
        "for the final submission, and Dr. Okafor wants the drafts to match what we'll submit so we don't have "
        "surprises later.", "correction")
    s.edit("R/fns_plots.R",
           "  ggplot2::ggsave(path, p, width = 180, height = 160, units = \"mm\", dpi = 300)\n",
           "  ggplot2::ggsave(path, p, width = 180, height = 160, units = \"mm\", device = grDevices::cairo_pdf)\n")
    s.edit("_targets.R", "\"figures/fig2_abundance.png\"", "\"figures/fig2_abundance.pdf\"")
    s.bash("Rscript -e 'targets::tar_make()' && rm -f figures/fig2_abundance.png",
           out="▶ dispatched target fig_abundance\n● completed target fig_abundance [1.88 seconds, 61.2 kilobytes]\n"
               "▶ dispatched target chapter2\n● completed target chapter2 [57.4 seconds, 1.187 megabytes]\n"
               "▶ ended pipeline [1.081 minutes]\n", dur=66)
    s.reply("Switched to vector: the figure is now `figures/fig2_abundance.pdf` written with `cairo_pdf` (keeps "
            "fonts embedded), and I removed the old PNG.")

    s1_render = s.user(
        "Perfect. Could you render the chapter draft with Quarto so I can send it to Dr. Okafor? It's "
        "chapters/ch2_reef_counts.qmd. To be honest I've never gotten it to render on the first try outside RStudio, "
        "so I'm curious what happens.", "task_start")
    s.bash("quarto render chapters/ch2_reef_counts.qmd --to pdf",
           fail=(1, "\n\nprocessing file: ch2_reef_counts.qmd\n  |.......                                          |  14% [setup]\n\n"
                    "Quitting from lines 9-16 [setup] (ch2_reef_counts.qmd)\nError in `tar_read_raw()`:\n"
                    "! could not find target fig_abundance in the data store at _targets. Run tar_make() first or check the store path.\n"
                    "Backtrace:\n    ▆\n 1. └─targets::tar_read(fig_abundance)\n 2.   └─targets::tar_read_raw(...)\n\n"
                    "Execution halted"), dur=9)
    s.say("Quarto executes each chapter with the chapter's own folder as the working directory, so `tar_read()` "
          "looks for `chapters/_targets`, which doesn't exist. Checking the project config.")
    s.read("_quarto.yml", "project:\n  type: book\n  output-dir: _book\n\nbook:\n  title: \"Chapter 2: Reef fish counts\"\n"
           "  chapters:\n    - index.qmd\n    - chapters/ch2_reef_counts.qmd\n\nformat:\n  pdf:\n    documentclass: scrreprt\n")
    s.edit("_quarto.yml", "project:\n  type: book\n  output-dir: _book\n",
           "project:\n  type: book\n  output-dir: _book\n  execute-dir: project\n", line=1)
    s.bash("quarto render chapters/ch2_reef_counts.qmd --to pdf",
           out="processing file: ch2_reef_counts.qmd\n  |..................................................| 100% [unnamed-chunk-6]\n"
               "output file: ch2_reef_counts.knit.md\n\nRendering PDF\nrunning xelatex - 1\n  This is XeTeX, Version 3.141592653-2.6-0.999995 (TeX Live 2023)\n\n"
               "Output created: _book/chapters/ch2_reef_counts.pdf\n", dur=48)
    s1_render_end = s.reply(
        "Rendered: `_book/chapters/ch2_reef_counts.pdf`. The failure was the working directory — Quarto ran the "
        "chunks from `chapters/`, so targets couldn't find the `_targets/` store. I added `execute-dir: project` "
        "under `project:` in `_quarto.yml`, so every chapter now executes from the project root (same as "
        "`tar_quarto()` does).")

    s1_trig = s.user(
        "Oh, and could you remind me — next time we touch R/fns_plots.R — to switch the palette to viridis? One of my "
        "committee members is colour-blind and apparently the current Set2 palette is awful for her. Not now though, "
        "I want to finish writing the text first.", "trigger")
    s.reply("I can't hold reminders between sessions myself, so it may be worth noting it in your TODO list or an "
            "issue; the change itself is small (`scale_colour_viridis_d()` instead of `scale_colour_brewer(\"Set2\")` "
            "in `R/fns_plots.R`). I haven't touched the file.")

    s1_renv = s.user(
        "Also, confession: I installed ggdist last week with install.packages() and renv got really upset, and Dr. "
        "Okafor said that in this project packages have to go in with renv::install() and then renv::snapshot() so "
        "the lockfile stays right. Please always do it that way. Could you check whether the lockfile is ok now?",
        "preference")
    s.bash("Rscript -e 'renv::status()'",
           out="The following package(s) are in an inconsistent state:\n\n package installed recorded used\n"
               " ggdist  y         n        y   \n distributional y  n        y   \n\n"
               "See ?renv::status() for advice on resolving these issues.\n", dur=6)
    s.bash("Rscript -e 'renv::snapshot(prompt = FALSE)'",
           out="The following package(s) will be updated in the lockfile:\n\n# CRAN -----------------------------------------------------------------------\n"
               "- distributional   [* -> 0.4.0]\n- ggdist           [* -> 3.3.2]\n\n- Lockfile written to \"~/phd/reefcount/renv.lock\".\n", dur=8)
    s.reply("Fixed: ggdist 3.3.2 (and its dependency distributional 0.4.0) were installed but not recorded; "
            "`renv::snapshot()` added them to `renv.lock`. Status is clean now. From here on: `renv::install()` then "
            "`renv::snapshot()`.")

    s.user(
        "Thank you!! Unrelated question, I was looking at the effort table and got confused:\n\n"
        "> tar_read(summary_effort)\n# A tibble: 6 × 2\n   year n_transects\n  <int>       <int>\n1  2019         402\n"
        "2  2020          97\n3  2021         311\n4  2022         388\n5  2023         344\n6  2024         380\n\n"
        "why does 2020 have so few transects? Is that a bug in the cleaning? I'm worried a filter is eating rows.",
        "question")
    s.bash("Rscript -e 'targets::tar_read(counts_raw) |> dplyr::count(year, month = lubridate::month(date)) |> dplyr::filter(year == 2020)'",
           out="# A tibble: 3 × 3\n   year month     n\n  <dbl> <dbl> <int>\n1  2020     1    51\n2  2020     2    46\n3  2020    11     1\n", dur=5)
    s.reply("Not a bug: the raw data itself has only 98 transects in 2020, all in January–February plus one in "
            "November — the field season stopped in March (COVID). Cleaning drops one (visibility), giving 97.")

    s.user("Ha, yes, 2020 was a weird year. I spent most of it counting fish in my bathtub (joking, it was my "
           "aquarium).", "chatter")
    s.reply("Still counts as fieldwork in my book.")
    s.user("Thanks again, see you next week!", "thanks")
    s.reply("See you!")
    s.end()

    # ------------------------------------------------------------------ S2
    s = p.session("2026-02-10 09:40")
    s2_fit = s.user(
        "Hi! Today is the big one (I'm a bit nervous): I need to actually fit the negative binomial model for total "
        "abundance. The formula is total_count ~ year_f + depth_m + (1 | site_code) with an offset for log(area_m2), "
        "and weakly informative priors — normal(0, 1) on the coefficients. The fit_nb target is stubbed out in "
        "R/fns_models.R. Could you fill it in and run it?", "task_start")
    s.read("R/fns_models.R", "fit_count_model <- function(counts) {\n  stop(\"TODO: fit the negbin model\")\n}\n")
    s.edit("R/fns_models.R", "  stop(\"TODO: fit the negbin model\")\n",
           "  brms::brm(\n    total_count ~ year_f + depth_m + offset(log(area_m2)) + (1 | site_code),\n"
           "    data = counts, family = brms::negbinomial(),\n    prior = brms::prior(normal(0, 1), class = \"b\"),\n"
           "    chains = 4, cores = 4, iter = 2000, seed = 4812,\n    backend = \"cmdstanr\"\n  )\n", line=2)
    s.bash("Rscript -e 'targets::tar_make()'", fail=(1, INIT_FAIL), dur=95)
    s.say("All four chains failed to initialise: with random inits in (-2, 2) on the log scale, plus the "
          "`log(area_m2)` offset and unscaled depth, the linear predictor overflows. Starting at zero and "
          "tightening the sampler should fix it.")
    s.edit("R/fns_models.R", "    chains = 4, cores = 4, iter = 2000, seed = 4812,\n",
           "    chains = 4, cores = 4, iter = 2000, seed = 4812,\n    init = 0,\n    control = list(adapt_delta = 0.95),\n")
    s.bash("Rscript -e 'targets::tar_make()'",
           out="▶ dispatched target fit_nb\nRunning MCMC with 4 parallel chains...\n\nChain 1 finished in 801.2 seconds.\n"
               "Chain 3 finished in 812.7 seconds.\nChain 2 finished in 826.0 seconds.\nChain 4 finished in 839.4 seconds.\n\n"
               "All 4 chains finished successfully.\nMean chain execution time: 819.8 seconds.\n"
               "● completed target fit_nb [14.04 minutes, 6.812 megabytes]\n▶ dispatched target chapter2\n"
               "● completed target chapter2 [59.2 seconds, 1.192 megabytes]\n▶ ended pipeline [15.13 minutes]\n", dur=905)
    s2_fit_end = s.reply(
        "`fit_nb` is fitted (14 min, 4 chains, no divergences reported). The first attempt failed with \"Rejecting "
        "initial value … Initialization failed\" on all chains; the fix was `init = 0` plus "
        "`control = list(adapt_delta = 0.95)` in the `brm()` call — random inits in (-2, 2) on the log scale "
        "overflow with the area offset.")

    s.user("Amazing!! Could you quickly look at the posterior predictive check for it? I just want to eyeball it "
           "before lab meeting, it doesn't need to be a target yet.", "request")
    s2_src_break = s.bash(
        "Rscript -e 'source(\"R/fns_models.R\"); fit <- targets::tar_read(fit_nb); "
        "p <- brms::pp_check(fit, type = \"rootogram\", ndraws = 200); ggplot2::ggsave(\"scratch/ppc_nb.png\", p, width = 7, height = 5)'",
        out="Using all posterior draws for ppc type 'rootogram' by default.\n", dur=22)
    s.reply("Saved a rootogram to `scratch/ppc_nb.png`. The fit tracks the count distribution well from 1 up; it "
            "slightly under-predicts zeros (observed ~19% zeros vs ~14% predicted), which is the usual hint that a "
            "zero-inflated or hurdle version is worth comparing.")

    s.user("Ooh, interesting. Could you add a helper that computes that zero proportion per site — observed zeros vs "
           "predicted zeros — and a target for it? Then I can put it in the supplement.", "request")
    s.edit("_targets.R", "list(\n",
           "zero_check <- function(fit, counts) {\n  yrep <- brms::posterior_predict(fit, ndraws = 500)\n"
           "  counts |>\n    dplyr::mutate(pred_zero = colMeans(yrep == 0)) |>\n"
           "    dplyr::group_by(site_code) |>\n"
           "    dplyr::summarise(obs_zero = mean(total_count == 0), pred_zero = mean(pred_zero), .groups = \"drop\")\n}\n\n"
           "list(\n", line=6)
    s.edit("_targets.R", "  tar_quarto(chapter2, \"chapters/ch2_reef_counts.qmd\")\n",
           "  tar_target(zero_by_site, zero_check(fit_nb, counts_clean)),\n  tar_quarto(chapter2, \"chapters/ch2_reef_counts.qmd\")\n")
    s.bash("Rscript -e 'targets::tar_make()'",
           out="▶ dispatched target zero_by_site\n● completed target zero_by_site [11.8 seconds, 1.9 kilobytes]\n"
               "✔ skipped target chapter2\n▶ ended pipeline [13.4 seconds]\n", dur=16)
    s.reply("Added `zero_check()` and a `zero_by_site` target (observed vs mean predicted zero proportion per "
            "`site_code`, from 500 posterior draws).")

    s2_c3 = s.user(
        "Oh — hmm, sorry, I think that went into the wrong file? Dr. Okafor is pretty strict that _targets.R only has "
        "the list of targets, and the functions live in R/ so tar_source() picks them up.", "correction")
    s.edit("_targets.R",
           "zero_check <- function(fit, counts) {\n  yrep <- brms::posterior_predict(fit, ndraws = 500)\n"
           "  counts |>\n    dplyr::mutate(pred_zero = colMeans(yrep == 0)) |>\n"
           "    dplyr::group_by(site_code) |>\n"
           "    dplyr::summarise(obs_zero = mean(total_count == 0), pred_zero = mean(pred_zero), .groups = \"drop\")\n}\n\n", "")
    s.edit("R/fns_models.R", "fit_count_model <- function(counts) {\n",
           "zero_check <- function(fit, counts) {\n  yrep <- brms::posterior_predict(fit, ndraws = 500)\n"
           "  counts |>\n    dplyr::mutate(pred_zero = colMeans(yrep == 0)) |>\n"
           "    dplyr::group_by(site_code) |>\n"
           "    dplyr::summarise(obs_zero = mean(total_count == 0), pred_zero = mean(pred_zero), .groups = \"drop\")\n}\n\n"
           "fit_count_model <- function(counts) {\n", line=1)
    s.bash("Rscript -e 'targets::tar_make()'",
           out="✔ skipped target fit_nb\n✔ skipped target zero_by_site\n✔ skipped pipeline [1.02 seconds]\n", dur=9)
    s.reply("Moved `zero_check()` into `R/fns_models.R`; `_targets.R` is back to just options and the target list. "
            "targets sees the function body as unchanged, so nothing reran.")

    s.user("The fit takes 14 minutes, is that normal for this size? I'll need to refit a bunch of times for the "
           "sensitivity analysis (different cut-offs, with and without 2020).", "question")
    s2_prop = s.reply(
        "It's within the normal range for ~1,900 rows with 31 group levels and 4×2000 iterations on 4 cores. For the "
        "sensitivity runs, I'd suggest fitting those variants with glmmTMB (same formula, `family = nbinom2`, "
        "frequentist): each fit takes a few seconds, and you keep brms only for the final model in the chapter.")

    s.user(
        "Hmm, thank you for the idea, but I'd rather stay with brms for everything — Dr. Okafor wants the whole "
        "chapter to be Bayesian, and mixing two frameworks would mean explaining two sets of assumptions to the "
        "committee. I can just run them overnight on coral.", "preference")
    s.reply("Makes sense — staying with brms. If you run them on coral, a crew controller with 4 workers lets "
            "`tar_make()` fit several variants in parallel overnight.")

    s2_trig = s.user(
        "Oh! And could you remind me when brms 2.22 is on CRAN? Paul Bürkner said on the Stan forum that it fixes "
        "the pp_check issue for zero-inflated families that's been bugging me, and I want to redo the checks then.",
        "trigger")
    s.reply("I can't set reminders myself, but `brms` releases show up on its CRAN page and NEWS — once 2.22 is "
            "out, `renv::install(\"brms\")` + `renv::snapshot()` is all it takes here.")

    s.user(
        "Last thing, I ran loo on the fit and got this, should I be worried?\n\n"
        "> loo(fit_nb)\n\nComputed from 4000 by 1922 log-likelihood matrix.\n\n         Estimate    SE\n"
        "elpd_loo  -6021.4  61.2\np_loo        48.3   3.1\nlooic     12042.8 122.4\n------\n"
        "MCSE of elpd_loo is NA.\nMCSE and ESS estimates assume MCMC draws (r_eff in [0.7, 1.6]).\n\n"
        "Pareto k diagnostic values:\n                         Count Pct.    Min. ESS\n"
        "(-Inf, 0.7]   (good)     1920  99.9%   521\n   (0.7, 1]   (bad)         2   0.1%   <NA>\n"
        "   (1, Inf)   (very bad)    0   0.0%   <NA>\nSee help('pareto-k-diagnostic') for details.\n"
        "Warning message:\nFound 2 observations with a pareto_k > 0.7 in model 'fit_nb'. We recommend to set "
        "'moment_match = TRUE' in order to perform moment matching for problematic observations.", "question")
    s.reply("Not really: 2 of 1,922 observations with k between 0.7 and 1 is minor. They're probably the two "
            "very large schooling counts. `loo(fit_nb, moment_match = TRUE)` will usually fix them; if you compare "
            "models with loo later, run both with moment matching so they're on equal footing.")

    s.user("Thank you, that's a relief. Off to lab meeting!", "thanks")
    s.reply("Good luck!")
    s.end()

    # ------------------------------------------------------------------ S3
    s = p.session("2026-02-19 16:00")
    s3_vis = s.user(
        "Hi! Lab meeting update, sorry, this is a long one: Dr. Okafor and I went through the data again and we "
        "decided that the visibility cut-off is now 8 metres instead of 5 metres — below 8 m the divers' counts of "
        "the small wrasses just aren't reliable (there's a paper by Bozec et al. on observer detectability that we'll "
        "cite). Could you update the cleaning step and rerun everything?", "fact")
    s.grep("visibility", ["R/fns_clean.R"], path="R", content="R/fns_clean.R:22:    dplyr::filter(visibility_m >= 5) |>")
    s.edit("R/fns_clean.R", "    dplyr::filter(visibility_m >= 5) |>", "    dplyr::filter(visibility_m >= 8) |>", line=22)
    s.bash("Rscript -e 'targets::tar_make()'",
           out="▶ dispatched target counts_clean\n● completed target counts_clean [3.9 seconds, 88.4 kilobytes]\n"
               "▶ dispatched target summary_site_year\n● completed target summary_site_year [0.05 seconds]\n"
               "▶ dispatched target fig_abundance\n● completed target fig_abundance [1.9 seconds]\n"
               "▶ dispatched target fit_nb\n● completed target fit_nb [13.85 minutes, 6.02 megabytes]\n"
               "▶ dispatched target zero_by_site\n● completed target zero_by_site [10.9 seconds]\n"
               "▶ dispatched target chapter2\n● completed target chapter2 [60.1 seconds]\n▶ ended pipeline [15.31 minutes]\n", dur=930)
    s.reply("Cut-off changed to `visibility_m >= 8` in `clean_transects()` and the whole pipeline rebuilt (15 min, "
            "mostly `fit_nb`). `counts_clean` went from 1,922 to 1,708 transects.")

    s.user("Thank you! Now for the supplementary table I need the species counts in long format — one row per "
           "transect × species. The wide table has a column per species (sp_ prefix). Could you make a target for "
           "that?", "request")
    s.edit("R/fns_clean.R", "clean_transects <- function(raw) {\n",
           "species_long <- function(counts) {\n  counts |>\n    dplyr::select(transect_id, site_code, year, dplyr::starts_with(\"sp_\")) |>\n"
           "    tidyr::gather(species, count, -transect_id, -site_code, -year) |>\n"
           "    dplyr::mutate(species = sub(\"^sp_\", \"\", species))\n}\n\nclean_transects <- function(raw) {\n", line=1)
    s.edit("_targets.R", "  tar_target(fit_nb, fit_count_model(counts_clean)),\n",
           "  tar_target(counts_species, species_long(counts_clean)),\n  tar_target(fit_nb, fit_count_model(counts_clean)),\n")
    s.bash("Rscript -e 'targets::tar_make(counts_species)'",
           out="▶ dispatched target counts_species\n● completed target counts_species [0.62 seconds, 301.7 kilobytes]\n"
               "▶ ended pipeline [2.4 seconds]\n", dur=7)
    s.reply("Added `species_long()` (in `R/fns_clean.R`) and a `counts_species` target: 1,708 transects × 84 "
            "species = 143,472 rows, with the `sp_` prefix stripped from species names.")

    s3_c4 = s.user(
        "Oh, hmm — I think that's the old way? Our stats TA said gather and spread are superseded and we should use "
        "the pivot ones now. Sorry to be picky, it's just that the committee will see it.", "correction")
    s.edit("R/fns_clean.R",
           "    tidyr::gather(species, count, -transect_id, -site_code, -year) |>\n    dplyr::mutate(species = sub(\"^sp_\", \"\", species))\n",
           "    tidyr::pivot_longer(dplyr::starts_with(\"sp_\"), names_to = \"species\", names_prefix = \"sp_\",\n"
           "                        values_to = \"count\")\n")
    s.bash("Rscript -e 'targets::tar_make(counts_species)'",
           out="▶ dispatched target counts_species\n● completed target counts_species [0.48 seconds, 301.7 kilobytes]\n"
               "▶ ended pipeline [2.1 seconds]\n", dur=7)
    s.reply("Not picky at all — switched to `tidyr::pivot_longer()` (with `names_prefix = \"sp_\"`, so the extra "
            "`mutate()` is gone). Same 143,472 rows.")

    s.user(
        "Also I noticed that 'Pupukea' is spelled 'Pupukea ' (with a trailing space) in some rows, which splits it "
        "into two sites in the supplementary site table (the one that shows names, not codes). Could you fix that?",
        "request")
    s.grep("Pupukea ,", ["data-raw/transects_2019_2024.csv"], path="data-raw",
           content="data-raw/transects_2019_2024.csv:211:PUP01,Pupukea ,2019-06-14,...\n"
                   "data-raw/transects_2019_2024.csv:212:PUP01,Pupukea ,2019-06-14,...\n(12 matching lines)")
    s.say("The stray space comes straight from the CSV (12 rows from June 2019). Fixing it at the source.")
    s3_raw_break = s.edit("data-raw/transects_2019_2024.csv", ",Pupukea ,", ",Pupukea,", replace_all=True, line=211)

    s3_c5 = s.user(
        "Oh no — sorry, please don't change the file in data-raw! That's the one rule Dr. Okafor really cares about. "
        "Could you undo that and do it in the cleaning step instead (str_trim or whatever is right)?", "correction")
    s.bash("git checkout -- data-raw/transects_2019_2024.csv && git status --short data-raw/", out="")
    s.edit("R/fns_clean.R", "    site = stringr::str_to_title(site),\n",
           "    site = stringr::str_to_title(stringr::str_squish(site)),\n", line=14)
    s.bash("Rscript -e 'targets::tar_make()'",
           out="▶ dispatched target counts_clean\n● completed target counts_clean [4.0 seconds]\n"
               "✔ skipped target fit_nb\n▶ ended pipeline [19.8 seconds]\n", dur=24)
    s.reply("Sorry about that — restored `data-raw/transects_2019_2024.csv` from git (status is clean) and fixed it "
            "in `clean_transects()` with `str_squish()` on `site`. Because only the `site` label changed, the model "
            "didn't need refitting.")
    s.compact("auto", "")

    s3_fig = s.user(
        "Ok! Now could you make the depth figure — total counts against depth, coloured by year, same style as "
        "figure 2? It'll be figure 3.", "request")
    s3_fire = s.read("R/fns_plots.R",
                     "plot_abundance <- function(summary, path) {\n  p <- ggplot2::ggplot(summary, ggplot2::aes(year, mean_count)) +\n"
                     "    ggplot2::geom_line() + ggplot2::geom_point(size = 0.8) +\n"
                     "    ggplot2::facet_wrap(~ site_code, ncol = 6) +\n    ggplot2::scale_colour_brewer(palette = \"Set2\") +\n"
                     "    theme_reef()\n  ggplot2::ggsave(path, p, width = 180, height = 160, units = \"mm\", device = grDevices::cairo_pdf)\n  path\n}\n")
    s.edit("R/fns_plots.R", "theme_reef <- function() {\n",
           "plot_depth <- function(counts, path) {\n  p <- ggplot2::ggplot(counts, ggplot2::aes(depth_m, total_count, colour = factor(year))) +\n"
           "    ggplot2::geom_point(alpha = 0.4, size = 0.7) +\n    ggplot2::geom_smooth(method = \"loess\", se = FALSE, linewidth = 0.5) +\n"
           "    ggplot2::scale_colour_brewer(palette = \"Set2\", name = \"Year\") +\n    theme_reef()\n"
           "  ggplot2::ggsave(path, p, width = 120, height = 90, units = \"mm\", device = grDevices::cairo_pdf)\n  path\n}\n\n"
           "theme_reef <- function() {\n", line=10)
    s.edit("_targets.R", "  tar_target(fit_nb, fit_count_model(counts_clean)),\n",
           "  tar_target(fig_depth, plot_depth(counts_clean, \"figures/fig3_depth.pdf\"), format = \"file\"),\n"
           "  tar_target(fit_nb, fit_count_model(counts_clean)),\n")
    s.bash("Rscript -e 'targets::tar_make(fig_depth)'",
           out="▶ dispatched target fig_depth\n● completed target fig_depth [2.6 seconds, 74.0 kilobytes]\n▶ ended pipeline [4.9 seconds]\n", dur=8)
    s.reply("Figure 3 is `figures/fig3_depth.pdf`: counts vs depth, points coloured by year with a loess line per "
            "year, same `theme_reef()` and Set2 colours as figure 2, vector via `cairo_pdf`.")

    s3_lost = s.user("How many transects did we lose with the new cut-off, by year? Dr. Okafor will definitely ask "
                     "on Monday.", "question")
    s.bash("Rscript -e 'targets::tar_read(counts_raw) |> dplyr::mutate(kept = visibility_m >= 8) |> dplyr::count(year, kept) |> tidyr::pivot_wider(names_from = kept, values_from = n)'",
           out="# A tibble: 6 × 3\n   year `FALSE` `TRUE`\n  <dbl>   <int>  <int>\n1  2019      29    373\n2  2020       9     89\n"
               "3  2021      31    280\n4  2022      27    361\n5  2023      96    248\n6  2024      22    358\n", dur=6)
    s.reply("Against the 8 m cut-off (rows dropped / kept): 2019 29/373, 2020 9/89, 2021 31/280, 2022 27/361, "
            "2023 96/248, 2024 22/358 — 214 in total, and 2023 alone is 45% of the losses.")

    s.user("Ugh, 2023 lost so many. That was the El Niño year, the water was murky all summer and we kept diving "
           "anyway because of the permit dates.", "chatter")
    s.reply("That's a useful sentence for the methods, honestly — it explains the gap before anyone asks.")
    s.user("Thank you, really!", "thanks")
    s.reply("Anytime!")
    s.end()

    # ------------------------------------------------------------------ S4
    s = p.session("2026-02-27 11:20")
    s4_r = s.user(
        "Hi! So the lab server coral got upgraded over the weekend and it's on R 4.4.1 now, and I upgraded my laptop "
        "to R 4.4.1 too so that they match (the IT person said 4.3.2 isn't supported on the new cluster image "
        "anymore). Could you check that renv is still happy? I'm a bit nervous about it, to be honest.", "fact")
    s.bash("R --version | head -1", out="R version 4.4.1 (2024-06-14) -- \"Race for Your Life\"\n")
    s.bash("Rscript -e 'renv::status()'",
           out="- The project is out-of-sync -- use `renv::status()` for details.\n"
               "The following package(s) are recorded in the lockfile but not installed:\n\n"
               " package  installed recorded used\n brms     n         y        y   \n cmdstanr n         y        y   \n"
               " tidyverse n        y        y   \n [... 118 more ...]\n\n"
               "The lockfile was generated with R 4.3.2, but you're using R 4.4.1.\n", dur=7)
    s.bash("Rscript -e 'renv::restore(prompt = FALSE)'",
           out="- Resolving dependencies ... Done!\n# Downloading packages -------------------------------------------------------\n"
               "- Downloading brms from CRAN ...                OK [5.7 Mb in 1.9s]\n[...]\n"
               "# Installing packages --------------------------------------------------------\n"
               "- Installing brms ...                           OK [built from source in 3.2m]\n[...]\n"
               "Successfully installed 121 packages in 14 minutes.\n", dur=870)
    s.bash("Rscript -e 'renv::snapshot(prompt = FALSE)' && Rscript -e 'renv::status()'",
           out="- Lockfile written to \"~/phd/reefcount/renv.lock\".\nNo issues found -- the project is in a consistent state.\n", dur=12)
    s.reply("renv is happy again: the library for R 4.4 was empty, so `renv::restore()` rebuilt all 121 packages "
            "at the locked versions (14 min), and `renv::snapshot()` recorded R 4.4.1 in `renv.lock`. Status is "
            "consistent.")

    s4_hurdle = s.user(
        "Phew, thank you. Ok, next: I need to fit the hurdle version of the model (hurdle_negbinomial) so we can "
        "compare it with the plain negative binomial — same formula, same priors. Could you add it as fit_hurdle and "
        "run it? I'll go get lunch while it runs.", "task_start")
    s.edit("R/fns_models.R", "zero_check <- function(fit, counts) {\n",
           "fit_hurdle_model <- function(counts) {\n  brms::brm(\n"
           "    brms::bf(total_count ~ year_f + depth_m + offset(log(area_m2)) + (1 | site_code), hu ~ depth_m),\n"
           "    data = counts, family = brms::hurdle_negbinomial(),\n    prior = brms::prior(normal(0, 1), class = \"b\"),\n"
           "    chains = 4, cores = 4, iter = 2000, seed = 4812,\n    backend = \"cmdstanr\"\n  )\n}\n\n"
           "zero_check <- function(fit, counts) {\n", line=1)
    s.edit("_targets.R", "  tar_target(zero_by_site, zero_check(fit_nb, counts_clean)),\n",
           "  tar_target(fit_hurdle, fit_hurdle_model(counts_clean)),\n  tar_target(zero_by_site, zero_check(fit_nb, counts_clean)),\n")
    s.bash("Rscript -e 'targets::tar_make(fit_hurdle)'",
           fail=(1, INIT_FAIL.replace("fit_nb", "fit_hurdle").replace("neg_binomial_2_log_lpmf", "hurdle_neg_binomial_log_lpmf")), dur=88)
    s.say("Same initialisation failure pattern as a log-scale count model with an offset usually hits; starting "
          "from zero and raising adapt_delta.")
    s.edit("R/fns_models.R", "    chains = 4, cores = 4, iter = 2000, seed = 4812,\n    backend = \"cmdstanr\"\n  )\n}\n\nzero_check",
           "    chains = 4, cores = 4, iter = 2000, seed = 4812,\n    init = 0, control = list(adapt_delta = 0.95),\n"
           "    backend = \"cmdstanr\"\n  )\n}\n\nzero_check")
    s.bash("Rscript -e 'targets::tar_make(fit_hurdle)'",
           out="▶ dispatched target fit_hurdle\nRunning MCMC with 4 parallel chains...\n\nAll 4 chains finished successfully.\n"
               "Mean chain execution time: 1104.6 seconds.\n● completed target fit_hurdle [18.71 minutes, 8.4 megabytes]\n"
               "▶ ended pipeline [18.9 minutes]\n", dur=1140)
    s.reply("`fit_hurdle` is done (~19 min). It failed to initialise on the first try; with `init = 0` and "
            "`adapt_delta = 0.95` all four chains ran cleanly. The hurdle part has its own `hu ~ depth_m` formula.")

    s.user("Could you make a half-eye plot of the year effects from both models side by side? I think tidybayes has "
           "something for that, I saw it in a blog post.", "request")
    s4_pkg_break = s.bash("Rscript -e 'install.packages(\"tidybayes\")'",
                          out="Installing package into ‘/home/mkahale/phd/reefcount/renv/library/linux-ubuntu-jammy/R-4.4/x86_64-pc-linux-gnu’\n"
                              "(as ‘lib’ is unspecified)\ntrying URL 'https://packagemanager.posit.co/cran/__linux__/jammy/latest/src/contrib/tidybayes_3.0.7.tar.gz'\n"
                              "Content type 'binary/octet-stream' length 2531190 bytes (2.4 MB)\n==================================================\n"
                              "* installing *binary* package ‘tidybayes’ ...\n* DONE (tidybayes)\n", dur=25)
    s.edit("R/fns_plots.R", "theme_reef <- function() {\n",
           "plot_year_effects <- function(fit_nb, fit_hurdle, path) {\n  draws <- dplyr::bind_rows(\n"
           "    negbin = tidybayes::gather_draws(fit_nb, `b_year_f.*`, regex = TRUE),\n"
           "    hurdle = tidybayes::gather_draws(fit_hurdle, `b_year_f.*`, regex = TRUE), .id = \"model\")\n"
           "  p <- ggplot2::ggplot(draws, ggplot2::aes(.value, .variable, fill = model)) +\n"
           "    ggdist::stat_halfeye(position = ggplot2::position_dodge(width = 0.6)) + theme_reef()\n"
           "  ggplot2::ggsave(path, p, width = 120, height = 100, units = \"mm\", device = grDevices::cairo_pdf)\n  path\n}\n\n"
           "theme_reef <- function() {\n")
    s.edit("_targets.R", "  tar_target(zero_by_site, zero_check(fit_nb, counts_clean)),\n",
           "  tar_target(fig_year_effects, plot_year_effects(fit_nb, fit_hurdle, \"figures/figS2_year_effects.pdf\"), format = \"file\"),\n"
           "  tar_target(zero_by_site, zero_check(fit_nb, counts_clean)),\n")
    s.bash("Rscript -e 'targets::tar_make(fig_year_effects)'",
           out="▶ dispatched target fig_year_effects\n● completed target fig_year_effects [6.1 seconds, 88.2 kilobytes]\n▶ ended pipeline [8.8 seconds]\n", dur=12)
    s.reply("Installed tidybayes 3.0.7 and added `plot_year_effects()` → `figures/figS2_year_effects.pdf`: half-eye "
            "posteriors of each year coefficient, negbin and hurdle dodged side by side.")

    s4_grp = s.user(
        "Which grouping variable did we use for the random effect again? Dr. Okafor wants it spelled out in the "
        "methods section and I want to use the exact column name (and explain why we chose it).", "question")
    s.grep("\\(1 \\|", ["R/fns_models.R"], path="R",
           content="R/fns_models.R:4:    brms::bf(total_count ~ year_f + depth_m + offset(log(area_m2)) + (1 | site_code), hu ~ depth_m),\n"
                   "R/fns_models.R:21:    total_count ~ year_f + depth_m + offset(log(area_m2)) + (1 | site_code),")
    s.reply("Both models use a random intercept on `site_code` (`(1 | site_code)`). For the \"why\": the free-text "
            "`site` column has spelling variants (38 values vs 31 codes), so `site_code` is the consistent "
            "identifier of each surveyed site.")

    s.user("Could you give me the posterior summaries of the year effects from the hurdle model? For the results "
           "section table.", "request")
    s.bash("Rscript -e 'brms::fixef(targets::tar_read(fit_hurdle))[grep(\"year_f\", rownames(brms::fixef(targets::tar_read(fit_hurdle)))), ] |> round(2)'",
           out="           Estimate Est.Error  Q2.5 Q97.5\nyear_f2020    -0.21      0.09 -0.39 -0.03\nyear_f2021    -0.08      0.07 -0.22  0.06\n"
               "year_f2022     0.05      0.07 -0.09  0.19\nyear_f2023    -0.34      0.08 -0.50 -0.18\nyear_f2024     0.02      0.07 -0.12  0.16\n", dur=9)
    s.reply("Year effects (log scale, vs 2019), posterior mean and 95% credible interval:\n\n"
            "| year | estimate | 95% CrI |\n|---|---|---|\n| 2020 | −0.21 | −0.39 to −0.03 |\n| 2021 | −0.08 | −0.22 to 0.06 |\n"
            "| 2022 | 0.05 | −0.09 to 0.19 |\n| 2023 | −0.34 | −0.50 to −0.18 |\n| 2024 | 0.02 | −0.12 to 0.16 |")

    s4_c6 = s.user("Thank you! Sorry, no — it's the other interval, the one we agreed on at lab meeting. Everything in "
                   "the chapter uses that one, so the table has to match.", "correction")
    s.bash("Rscript -e 'f <- brms::fixef(targets::tar_read(fit_hurdle), probs = c(0.055, 0.945)); round(f[grep(\"year_f\", rownames(f)), ], 2)'",
           out="           Estimate Est.Error  Q5.5 Q94.5\nyear_f2020    -0.21      0.09 -0.36 -0.06\nyear_f2021    -0.08      0.07 -0.19  0.03\n"
               "year_f2022     0.05      0.07 -0.06  0.16\nyear_f2023    -0.34      0.08 -0.47 -0.21\nyear_f2024     0.02      0.07 -0.09  0.13\n", dur=9)
    s.reply("Sorry — here it is with 89% intervals (`probs = c(0.055, 0.945)`), as used elsewhere in the chapter:\n\n"
            "| year | estimate | 89% CrI |\n|---|---|---|\n| 2020 | −0.21 | −0.36 to −0.06 |\n| 2021 | −0.08 | −0.19 to 0.03 |\n"
            "| 2022 | 0.05 | −0.06 to 0.16 |\n| 2023 | −0.34 | −0.47 to −0.21 |\n| 2024 | 0.02 | −0.09 to 0.13 |")

    s.user("My cat just walked across the keyboard and typed 'jjjjjjjjjjj' into the qmd, so if you ever see that in "
           "the text, it's not me 🙃", "chatter")
    s.reply("Noted — a co-author with strong opinions.")
    s.user("Thanks so much for today!", "thanks")
    s.reply("You're welcome!")
    s.end()

    # ------------------------------------------------------------------ S5
    s = p.session("2026-03-09 13:05")
    s5_brms = s.user("Hi! brms 2.22.0 is on CRAN now (I saw the announcement on the forum this morning). Could you "
                     "update it in the project?", "request")
    s5_brms_inst = s.bash("Rscript -e 'renv::install(\"brms@2.22.0\")'",
                          out="# Downloading packages -------------------------------------------------------\n"
                              "- Downloading brms from CRAN ...                OK [5.8 Mb in 2.0s]\n"
                              "- Installing brms ...                           OK [built from source in 3.1m]\nSuccessfully installed 1 package in 3.2 minutes.\n", dur=195)
    s.bash("Rscript -e 'renv::snapshot(prompt = FALSE)' && Rscript -e 'targets::tar_outdated()'",
           out="The following package(s) will be updated in the lockfile:\n\n- brms   [2.21.0 -> 2.22.0]\n- tidybayes [* -> 3.0.7]\n\n"
               "- Lockfile written to \"~/phd/reefcount/renv.lock\".\n[1] \"fit_nb\"  \"fit_hurdle\"  \"zero_by_site\"  \"fig_year_effects\"  \"chapter2\"\n", dur=14)
    s.reply("brms 2.22.0 is installed and recorded (the snapshot also picked up tidybayes 3.0.7, which was "
            "installed but not yet in the lockfile). targets now considers both fits outdated because the brms "
            "package version is part of their dependencies — a full `tar_make()` is ~35 min.")

    s5_render = s.user(
        "Ok, that's fine, I'll run that over lunch. Then the big one: could you render the full chapter 2 PDF for the "
        "committee? It's chapters/ch2_reef_counts.qmd plus the new supplement chapters/ch2_supplement.qmd (I added "
        "it to _quarto.yml myself yesterday, hopefully correctly).", "task_start")
    s.bash("Rscript -e 'targets::tar_make()'",
           out="▶ dispatched target fit_nb\n● completed target fit_nb [14.2 minutes]\n▶ dispatched target fit_hurdle\n"
               "● completed target fit_hurdle [18.5 minutes]\n▶ dispatched target zero_by_site\n● completed target zero_by_site [11.2 seconds]\n"
               "▶ dispatched target fig_year_effects\n● completed target fig_year_effects [6.0 seconds]\n"
               "▶ dispatched target chapter2\n● completed target chapter2 [62.4 seconds]\n▶ ended pipeline [34.1 minutes]\n", dur=2050)
    s.bash("quarto render --to pdf",
           fail=(1, "processing file: ch2_supplement.qmd\n\noutput file: ch2_supplement.knit.md\n\nRendering PDF\nrunning lualatex - 1\n"
                    "  This is LuaHBTeX, Version 1.17.0 (TeX Live 2023)\n\nerror: compilation failed- error\n"
                    "LaTeX Error: Unicode character ≥ (U+2265)\n               not set up for use with LaTeX.\n\n"
                    "See the LaTeX manual or LaTeX Companion for explanation.\nType  H <return>  for immediate help.\n ...\n"
                    "l.212 ...only transects with visibility ≥\n\nsee ch2_supplement.log for more information."), dur=55)
    s.read("_quarto.yml", "project:\n  type: book\n  output-dir: _book\n  execute-dir: project\n\nbook:\n"
           "  title: \"Chapter 2: Reef fish counts\"\n  chapters:\n    - index.qmd\n    - chapters/ch2_reef_counts.qmd\n"
           "    - chapters/ch2_supplement.qmd\n\nformat:\n  pdf:\n    documentclass: scrreprt\n    pdf-engine: lualatex\n")
    s.edit("_quarto.yml", "    pdf-engine: lualatex\n", "    pdf-engine: xelatex\n    mainfont: \"TeX Gyre Termes\"\n", line=16)
    s.bash("quarto render --to pdf",
           out="processing file: ch2_reef_counts.qmd\nprocessing file: ch2_supplement.qmd\nRendering PDF\nrunning xelatex - 1\nrunning xelatex - 2\n\n"
               "Output created: _book/Chapter-2--Reef-fish-counts.pdf\n", dur=80)
    s.reply("Full book rendered: `_book/Chapter-2--Reef-fish-counts.pdf` (chapter + supplement; your `_quarto.yml` "
            "entry was correct). The supplement failed under lualatex on the `≥` character with the default font, so "
            "I switched `pdf-engine` to xelatex with TeX Gyre Termes, which has the glyph. Both fits were rebuilt "
            "first with brms 2.22.0.")

    s5_todo = s.user("Could you make me a short checklist of what's left before the committee deadline, based on the "
                     "TODOs in the two qmd files? And how many days I have, roughly, so I can panic efficiently.",
                     "question")
    s.grep("TODO", ["chapters/ch2_reef_counts.qmd", "chapters/ch2_supplement.qmd"], path="chapters",
           content="chapters/ch2_reef_counts.qmd:48:<!-- TODO: cite Bozec et al. for the visibility cut-off -->\n"
                   "chapters/ch2_reef_counts.qmd:131:<!-- TODO: loo comparison negbin vs hurdle, moment_match -->\n"
                   "chapters/ch2_reef_counts.qmd:177:<!-- TODO: discussion of 2023 El Niño losses -->\n"
                   "chapters/ch2_supplement.qmd:12:<!-- TODO: table S1 caption -->")
    s.reply("Left, from the TODOs:\n1. Cite Bozec et al. for the visibility cut-off (ch2 l.48)\n2. loo comparison "
            "negbin vs hurdle with `moment_match = TRUE` (ch2 l.131)\n3. Discussion paragraph on the 2023 El Niño "
            "losses (ch2 l.177)\n4. Caption for table S1 (supplement l.12)\n\nI don't see the deadline date anywhere "
            "in the repo, so I can't count the days for you — if you tell me the date I'll work backwards.")

    s5_email = s.user(
        "One of my committee members asked by email where exactly the raw data comes from in the repo and which "
        "exclusion criteria we applied. Could you draft a short, polite reply I can adapt? (She's very precise, so "
        "exact file names and numbers would be great.)", "question")
    s.read("R/fns_clean.R",
           "clean_transects <- function(raw) {\n  raw |>\n    dplyr::mutate(\n"
           "    site = stringr::str_to_title(stringr::str_squish(site)),\n    site_code = toupper(site_code),\n    year_f = factor(year)\n  ) |>\n"
           "    dplyr::filter(!is.na(total_count), area_m2 > 0) |>\n    dplyr::filter(visibility_m >= 8) |>\n"
           "    dplyr::distinct(transect_id, .keep_all = TRUE)\n}\n", start=10, total=24)
    s.reply("Draft:\n\n> Dear Dr. Reyes,\n> The raw survey data are in `data-raw/transects_2019_2024.csv` in the "
            "project repository; that file is never edited, and all cleaning happens in code (`clean_transects()` in "
            "`R/fns_clean.R`). Transects are excluded if the total count is missing, the surveyed area is zero, or "
            "visibility was below 8 m; duplicate transect IDs are dropped. This leaves 1,708 of 1,922 transects.\n"
            "> Best wishes, …")

    s5_rver = s.user("Also for the methods: which R version are we on now? I want to cite R properly (and brms, "
                     "which we just updated).", "question")
    s.bash("Rscript -e 'cat(R.version.string, \"\\n\"); cat(\"brms\", format(packageVersion(\"brms\")), \"\\n\")'",
           out="R version 4.4.1 (2024-06-14) \nbrms 2.22.0 \n")
    s.reply("R 4.4.1 (2024-06-14) and brms 2.22.0. `citation()` and `citation(\"brms\")` give the reference entries.")

    s.user("I think I might actually make it. Thank you for putting up with my essay-length messages 😅", "chatter")
    s.reply("They make the job easier — context is never wasted.")
    s.user("Thank you so much, really!", "thanks")
    s.reply("Good luck with the committee!")
    s.end("logout")

    # ------------------------------------------------------------------ expectations
    p.fact("F1", s0_intro, [s5_email], ["data-raw/transects_2019_2024.csv"], note="location of the raw data")
    p.fact("F2", s3_vis, [s3_lost, s5_email], ["visibility", "8 metres"], stale=["5 metres"],
           note="visibility cut-off raised from 5 m to 8 m")
    p.fact("F3", s4_r, [s5_rver], ["4.4.1"], stale=["4.3.2"], note="R upgraded on laptop and lab server")
    p.fact("F4", s0_intro, [s2_fit], ["cmdstanr"], note="brms runs with the cmdstanr backend")
    p.fact("F5", s0_deadline, [s5_todo], ["march 13"], note="chapter 2 draft due to the committee")
    p.fact("F6", s1_site, [s4_grp], ["site_code"], note="answer to the assistant's question: group by site_code, site has typos")

    p.correction("C1", s0_c1, ["dplyr", "aggregate", "tidyverse"], note="tidyverse style, no base R aggregate()")
    p.correction("C2", s1_c2, ["vector", "png", "cairo_pdf"],
                 note="unnamed: 'not like that' — journal needs vector figures (pdf via cairo_pdf)")
    p.correction("C3", s2_c3, ["wrong file", "_targets.r", "functions live in r/"],
                 note="functions belong in R/, _targets.R only holds the target list")
    p.correction("C4", s3_c4, ["old way", "pivot_longer", "gather("],
                 note="unnamed: 'that's the old way' — pivot_longer instead of gather")
    p.correction("C5", s3_c5, ["data-raw", "cleaning step"], note="fix raw-data problems in the cleaning step")
    p.correction("C6", s4_c6, ["other interval", "95%", "0.89"],
                 note="unnamed: 'the other interval' — report 89% intervals (probs = c(0.055, 0.945))")

    p.rule("R1", s0_raw, "Edit", [s3_raw_break], ["data-raw/"], note="broken in S3: edited the raw CSV")
    p.rule("R2", s0_src, "Bash", [s2_src_break], ["tar_make", "source("], note="broken in S2: sourced R/fns_models.R")
    p.rule("R3", s1_renv, "Bash", [s4_pkg_break, s5_brms_inst], ["renv::install", "install.packages"],
           note="broken in S4 (install.packages(\"tidybayes\")), followed in S5")

    p.episode("E1", s2_fit, s2_fit_end, s4_hurdle, ["init = 0", "adapt_delta = 0.95"],
              note="brms fit fails to initialise; hurdle model repeats it")
    p.episode("E2", s1_render, s1_render_end, s5_render, ["execute-dir: project"],
              note="Quarto render can't find the targets store")

    p.trigger("T1", s1_trig, s3_fire, "switch the figure palette to viridis next time we touch R/fns_plots.R")
    p.trigger("T2", s2_trig, s5_brms, "redo the zero-inflated pp_check when brms 2.22 is on CRAN")

    p.rejected(s2_prop, ["glmmtmb"], "student stays with brms for everything (advisor wants a fully Bayesian chapter)")
    return p


if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reefcount-r.json")
    build().dump(out)
