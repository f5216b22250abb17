"""kuroshio-julia: Julia SST-trend study of the Kuroshio region on a SLURM cluster, Japanese speaker."""
from builder import Project

JOB_V1 = """#!/bin/bash
#SBATCH --job-name=clim
#SBATCH --account=hp240087
#SBATCH --partition=cpu
#SBATCH --nodes=1
#SBATCH --cpus-per-task=16
#SBATCH --time=04:00:00
#SBATCH --output=logs/%x-%j.out

module load julia/1.10.5
cd $SLURM_SUBMIT_DIR
julia --project=. -t 16 scripts/01_climatology.jl"""

CLIM_JL = """using DrWatson
@quickactivate "Kuroshio"
using NCDatasets, Statistics, Dates

const REGION = (lat = (25.0, 40.0), lon = (130.0, 150.0))

files = sort(readdir(datadir("exp_raw", "oisst"); join = true))
sst = cat([Float64.(NCDataset(f)["sst"][:, :, 1, :]) for f in files]...; dims = 3)
clim = mean(sst; dims = 3)
wsave(datadir("exp_pro", "clim.jld2"), Dict("clim" => clim))"""


def build():
    p = Project("kuroshio-julia", "/home/k0123/work/kuroshio",
                voice="Japanese graduate student writing careful, polite English: drops articles, apologises "
                      "before asking ('Sorry for many questions'), 'please kindly', sentence-final 'ne', mentions "
                      "Professor and lab meeting",
                stack="Julia 1.10 -> 1.11, DrWatson, NCDatasets.jl, CairoMakie, JLD2, SLURM on a university "
                      "cluster (Lustre), NOAA OISST v2.1 + ERA5 SST",
                seed=7303)

    # ---------------- session 0 ----------------
    s = p.session("2026-09-07 10:20")
    f_region = s.user("Good morning. I am master student, my thesis is about SST warming trend in Kuroshio "
                      "region. Region is 25–40N, 130–150E. Code is Julia with DrWatson layout. First, could you "
                      "please kindly read scripts/01_climatology.jl and tell me if it is OK? Sorry, I am not so "
                      "experienced with Julia.", "fact")
    s.read("scripts/01_climatology.jl", CLIM_JL)
    s.read("Project.toml", "name = \"Kuroshio\"\nauthors = [\"Haruka Mori\"]\n\n[deps]\nCairoMakie = \"13f3f980-e62b-5c42-98c6-ff1ee9a2c6a0\"\nDrWatson = \"634d3b9d-ee7a-5ddf-bec9-22491ea816e1\"\nJLD2 = \"033835bb-8acc-5ee8-8aae-3f567f8a3819\"\nNCDatasets = \"85f8d34a-cbdd-5861-8df4-14fed0d494ab\"\nStatistics = \"10745b16-79ce-11e8-11f9-7d13ad32a3b2\"\n\n[compat]\njulia = \"1.10\"")
    q_ref = s.reply("The structure is good (DrWatson `datadir`, `wsave`). Three issues:\n1. `REGION` is defined "
                    "but never used — the whole globe is loaded.\n2. `Float64.(...)` doubles memory; OISST is "
                    "stored as Float32 (scaled Int16 on disk).\n3. The climatology averages *all* files, so it "
                    "depends on which years happen to be in the folder. Which reference period do you want for "
                    "the climatology?")
    f_ref = s.user("Ah, thank you. Reference period is 1991–2020, same as WMO normal. Professor Tanaka is "
                   "strict for this point.", "fact")
    s.edit("scripts/01_climatology.jl", "files = sort(readdir(datadir(\"exp_raw\", \"oisst\"); join = true))", "const REF_YEARS = 1991:2020\nfiles = [datadir(\"exp_raw\", \"oisst\", \"sst.day.mean.$(y).nc\") for y in REF_YEARS]")
    s.reply("Climatology now uses only 1991–2020 (`REF_YEARS`). I'll fix the region subsetting next if you like.")
    r_login = s.user("Yes please. And one important thing, sorry: on this cluster we must never run heavy "
                     "calculation on login node. Admin sends angry mail. Please always submit with sbatch "
                     "jobs/clim.sh, do not run `julia --project` scripts directly on login node.", "preference")
    s.edit("scripts/01_climatology.jl", "sst = cat([Float64.(NCDataset(f)[\"sst\"][:, :, 1, :]) for f in files]...; dims = 3)", "function load_region(f)\n    NCDataset(f) do ds\n        lat, lon = ds[\"lat\"][:], ds[\"lon\"][:]\n        iy = findall(l -> REGION.lat[1] <= l <= REGION.lat[2], lat)\n        ix = findall(l -> REGION.lon[1] <= l <= REGION.lon[2], lon)\n        ds[\"sst\"][ix, iy, 1, :]\n    end\nend\n\nsst = cat(load_region.(files)...; dims = 3)")
    s.bash("sbatch jobs/clim.sh", out="Submitted batch job 4418203")
    s.reply("Subset to the region inside `load_region` (keeps Float32), and submitted via `sbatch jobs/clim.sh` "
            "— job 4418203.")
    s.user("Thank you. While waiting — Sorry for many questions — what is difference between `cat(...; dims=3)` "
           "and `stack`? My senior uses stack.", "question")
    s.reply("`stack` (Julia ≥ 1.9) takes a collection of equal-size arrays and adds a *new* dimension; "
            "`cat(...; dims=3)` concatenates along an existing or new 3rd dimension. Here each file already has "
            "a time dimension, so `cat` along 3 is correct; `stack` would give a 4-D array.")
    ep1_start = s.user("Job finished, but failed I think. Log is here:\n\n```\n$ tail -n 6 logs/clim-4418203.out\n"
                       "  Activating project at `/home/k0123/work/kuroshio`\nslurmstepd: error: Detected 1 oom_kill "
                       "event in StepId=4418203.batch. Some of the step tasks have been OOM Killed.\n```\n\nCould "
                       "you fix please?", "task_start")
    s.bash("ls -l data/exp_pro/clim.jld2", fail=(2, "ls: cannot access 'data/exp_pro/clim.jld2': No such file or directory"))
    s.bash("sacct -j 4418203 --format=JobID,State,MaxRSS,ReqMem,Elapsed", out="JobID           State     MaxRSS     ReqMem    Elapsed\n------------ ---------- ---------- ---------- ----------\n4418203      OUT_OF_ME+                   8G   00:03:41\n4418203.bat+ OUT_OF_ME+   8388212K            00:03:41")
    s.say("It hit the default 8 GB. 30 years × 365 days × the region grid, plus the concatenation copy, is too "
          "much at once. I'll accumulate year by year instead and request more memory.")
    s.edit("scripts/01_climatology.jl", "sst = cat(load_region.(files)...; dims = 3)\nclim = mean(sst; dims = 3)", "# one year at a time: running sum, never the full 30-year cube\nacc = nothing; n = 0\nfor f in files\n    x = load_region(f)\n    global acc = acc === nothing ? sum(x; dims = 3) : acc .+ sum(x; dims = 3)\n    global n += size(x, 3)\nend\nclim = acc ./ n")
    s.read("jobs/clim.sh", JOB_V1)
    s.edit("jobs/clim.sh", "#SBATCH --cpus-per-task=16\n", "#SBATCH --cpus-per-task=16\n#SBATCH --mem=64G\n")
    s.bash("sbatch jobs/clim.sh", out="Submitted batch job 4418377")
    s.bash("sleep 240; sacct -j 4418377 --format=JobID,State,MaxRSS,Elapsed", out="JobID           State     MaxRSS    Elapsed\n------------ ---------- ---------- ----------\n4418377       COMPLETED            00:02:58\n4418377.bat+  COMPLETED   3120448K  00:02:58", dur=(240, 250))
    ep1_end = s.reply("Completed in 3 minutes, MaxRSS ~3 GB. The fix: read one year at a time and keep a running "
                      "sum instead of concatenating the 30-year cube, plus `#SBATCH --mem=64G` in `jobs/clim.sh` "
                      "for headroom (default was 8G).")
    s.user("Wonderful, thank you very much!", "thanks")
    s.reply("You're welcome.")
    s.end()

    # ---------------- session 1 ----------------
    s = p.session("2026-09-14 13:05")
    f_data = s.user("Hello again. Today I want to make trend map. Raw OISST files are in "
                    "/lustre/work/k0123/oisst/ — data/exp_raw/oisst is symlink to there. Please write "
                    "scripts/02_trend.jl that computes linear trend per grid point, degC per decade.", "fact")
    s.write("scripts/02_trend.jl", "using DrWatson\n@quickactivate \"Kuroshio\"\nusing NCDatasets, Statistics, Plots\n\ninclude(srcdir(\"region.jl\"))\n\nyears = 1982:2025\nann = cat([mean(load_region(\"/lustre/work/k0123/oisst/sst.day.mean.$(y).nc\"); dims = 3) for y in years]...; dims = 3)\n\nfunction trend(y, t)\n    tm = mean(t)\n    sum((t .- tm) .* (y .- mean(y))) / sum((t .- tm) .^ 2)\nend\n\ntr = [trend(ann[i, j, :], years) * 10 for i in axes(ann, 1), j in axes(ann, 2)]\nheatmap(tr', c = :jet, title = \"SST trend (°C/decade)\")\nsavefig(plotsdir(\"trend.png\"))\n")
    s.reply("Wrote `scripts/02_trend.jl`: annual means per year (1982–2025), OLS slope per grid point × 10 for "
            "°C/decade, and a heatmap saved to `plots/trend.png`.")
    c_plots = s.user("Sorry, please do not use Plots.jl. In this project we use CairoMakie only — Professor "
                     "wants same style for all thesis figures.", "correction")
    s.edit("scripts/02_trend.jl", "using NCDatasets, Statistics, Plots", "using NCDatasets, Statistics, CairoMakie")
    s.edit("scripts/02_trend.jl", "heatmap(tr', c = :jet, title = \"SST trend (°C/decade)\")\nsavefig(plotsdir(\"trend.png\"))", "fig = Figure(size = (700, 520))\nax = Axis(fig[1, 1]; title = \"SST trend (°C/decade)\", xlabel = \"lon\", ylabel = \"lat\")\nhm = heatmap!(ax, lon, lat, tr; colormap = :jet)\nColorbar(fig[1, 2], hm)\nsave(plotsdir(\"trend.png\"), fig)")
    s.reply("Switched to CairoMakie: `Figure`/`Axis`/`heatmap!` with a colorbar, saved with `save`.")
    c_jet = s.user("Hmm, please not this one. Professor will be angry — he always says it is not perceptually "
                   "uniform and makes fake front.", "correction")
    s.edit("scripts/02_trend.jl", "colormap = :jet", "colormap = :balance, colorrange = (-0.6, 0.6)")
    s.reply("Changed `:jet` to the diverging `:balance` colormap, symmetric range ±0.6 °C/decade so zero is white.")
    c_path = s.user("Thank you. One more — the path /lustre/work/... is hard-coded. Please use datadir() from "
                    "DrWatson always, not absolute path. Otherwise my senior cannot run it.", "correction")
    s.edit("scripts/02_trend.jl", "load_region(\"/lustre/work/k0123/oisst/sst.day.mean.$(y).nc\")", "load_region(datadir(\"exp_raw\", \"oisst\", \"sst.day.mean.$(y).nc\"))")
    s.reply("Now `datadir(\"exp_raw\", \"oisst\", ...)` — it follows the symlink on any account.")
    s.bash("sbatch --export=ALL,SCRIPT=scripts/02_trend.jl jobs/run.sh", out="Submitted batch job 4431920")
    s.reply("Submitted as job 4431920 via `jobs/run.sh`.")
    rej_q = s.user("While it runs: the trend is only OLS. Is it enough for thesis, do you think?", "question")
    rej = s.reply("For a thesis I'd add significance: Mann–Kendall test with Sen's slope, and account for "
                  "autocorrelation. Honestly the quickest route is Python — xarray + xclim/pymannkendall already "
                  "do this on NetCDF directly; we could preprocess in xarray and keep Julia for the model.")
    s.user("Thank you, but I prefer to stay in Julia only. Two languages is too much for me and my lab is "
           "Julia lab. I will write Mann–Kendall myself, it is not so long.", "preference")
    s.reply("Understood — Julia only. Mann–Kendall is ~20 lines; happy to review it when you write it.")
    s.end()

    # ---------------- session 2 ----------------
    s = p.session("2026-09-22 09:40")
    r_raw = s.user("Good morning. First, rule: files under data/exp_raw/ are original from NOAA and read-only "
                   "for me. Please never modify or delete anything in data/exp_raw. Processed data goes to "
                   "data/exp_pro.", "preference")
    s.reply("Understood: `data/exp_raw` is read-only; outputs go to `data/exp_pro`.")
    r_pkg = s.user("Also, please never run Pkg.update(). Manifest.toml must be fixed for reproducibility, "
                   "Professor checks it. If we need a package, Pkg.add only that one.", "preference")
    s.reply("Got it — no `Pkg.update()`; only targeted `Pkg.add`.")
    s.user("Today: Mann–Kendall. I wrote src/mannkendall.jl. Can you add it to 02_trend.jl and make test "
           "with synthetic series? Also please add HypothesisTests if needed.", "request")
    s.read("src/mannkendall.jl", "function mannkendall(y::AbstractVector)\n    n = length(y)\n    S = 0\n    for k in 1:n-1, j in k+1:n\n        S += sign(y[j] - y[k])\n    end\n    varS = n * (n - 1) * (2n + 5) / 18\n    z = S > 0 ? (S - 1) / sqrt(varS) : S < 0 ? (S + 1) / sqrt(varS) : 0.0\n    p = 2 * (1 - cdf(Normal(), abs(z)))\n    return (; S, z, p)\nend")
    s.bash("julia --project=. -e 'using Pkg; Pkg.add(\"Distributions\")'", out="   Resolving package versions...\n    Updating `~/work/kuroshio/Project.toml`\n  [31c24e10] + Distributions v0.25.112\n    Updating `~/work/kuroshio/Manifest.toml`\n  [31c24e10] + Distributions v0.25.112\n  [90014a1f] + PDMats v0.11.31\n  [4c63d2b9] + StatsFuns v1.3.2\nPrecompiling project...\n  12 dependencies successfully precompiled in 48 seconds", dur=(50, 70))
    s.write("test/test_mannkendall.jl", "using Test, Random\ninclude(srcdir(\"mannkendall.jl\"))\n\n@testset \"mannkendall\" begin\n    Random.seed!(1)\n    t = 1:40\n    up = 0.05 .* t .+ 0.3 .* randn(40)\n    @test mannkendall(up).p < 0.01\n    flat = 0.3 .* randn(40)\n    @test mannkendall(flat).p > 0.05\nend\n")
    s.bash("julia --project=. test/test_mannkendall.jl", out="Test Summary: | Pass  Total  Time\nmannkendall  |    2      2  1.1s", dur=(8, 15))
    s.reply("Your function is correct; it only needed `Distributions` for `Normal()` (added with `Pkg.add`, "
            "Manifest otherwise unchanged; HypothesisTests isn't needed). Test with a trending and a flat "
            "synthetic series passes.")
    s.user("Very nice. In trend script, also make significance mask: stipple where p < 0.05. Is it possible "
           "in Makie?", "question")
    s.edit("scripts/02_trend.jl", "Colorbar(fig[1, 2], hm)", "pv = [mannkendall(ann[i, j, :]).p for i in axes(ann, 1), j in axes(ann, 2)]\nsig = findall(<(0.05), pv)\nscatter!(ax, lon[first.(Tuple.(sig))], lat[last.(Tuple.(sig))]; markersize = 1.5, color = :black)\nColorbar(fig[1, 2], hm)")
    s.reply("Yes — computed p per grid point and overplotted small black dots (`scatter!`) where p < 0.05.")
    s.user("I submit it myself this time. Result looks good. But colorbar ticks label overlap with the "
           "colorbar itself when I save as PDF. I heard this is Makie bug. Please remind me when Makie 0.22 "
           "is released, I want to upgrade then.", "trigger")
    trig_q = (s.i, len(s.events) - 1)
    s.reply("I can't schedule reminders myself, but noted: check the colorbar tick overlap again when Makie "
            "0.22 is out.")
    f_fig = s.user("Thank you. For thesis figures: please save as PDF, font Noto Sans CJK JP, because my thesis "
                   "is written in Japanese and axis labels have Japanese. Width 160 mm.", "fact")
    s.edit("scripts/02_trend.jl", "fig = Figure(size = (700, 520))", "set_theme!(fonts = (; regular = \"Noto Sans CJK JP\"))\nconst MM = 72 / 25.4\nfig = Figure(size = (160MM, 120MM))")
    s.edit("scripts/02_trend.jl", "save(plotsdir(\"trend.png\"), fig)", "save(plotsdir(\"trend.pdf\"), fig)")
    s.reply("Theme font set to Noto Sans CJK JP, figure 160 mm wide (in points), saved as `plots/trend.pdf`.")
    s.end()

    # ---------------- session 3 ----------------
    s = p.session("2026-10-01 15:15")
    f_data2 = s.user("Hello. Sad news: my quota on /lustre/work was full, so admin moved oisst data to group "
                     "area /lustre/gwork/tanaka-lab/oisst/. The symlink data/exp_raw/oisst now points there. "
                     "Today I want ERA5 SST comparison.", "fact")
    s.bash("ls -l data/exp_raw/", out="total 0\nlrwxrwxrwx 1 k0123 tanaka-lab 32 Oct  1 14:58 oisst -> /lustre/gwork/tanaka-lab/oisst\nlrwxrwxrwx 1 k0123 tanaka-lab 32 Sep 30 11:02 era5 -> /lustre/gwork/tanaka-lab/era5")
    s.reply("The `oisst` symlink points at `/lustre/gwork/tanaka-lab/oisst`, and there's an `era5` link too. "
            "Since the scripts use `datadir()`, nothing needs changing for the move.")
    ep1_rep = s.user("Please make climatology for ERA5 SST, same as OISST one, then difference map.", "task_start")
    s.write("scripts/03_era5_clim.jl", "using DrWatson\n@quickactivate \"Kuroshio\"\nusing NCDatasets, Statistics\ninclude(srcdir(\"region.jl\"))\n\nconst REF_YEARS = 1991:2020\nfiles = [\"/lustre/gwork/tanaka-lab/era5/era5_sst_$(y).nc\" for y in REF_YEARS]\nsst = cat([Float64.(load_region(f; var = \"sst\")) for f in files]...; dims = 3)\nclim = mean(sst; dims = 3) .- 273.15\nwsave(datadir(\"exp_pro\", \"clim_era5.jld2\"), Dict(\"clim\" => clim))\n")
    s.reply("Wrote `scripts/03_era5_clim.jl` (1991–2020, Kelvin → °C).")
    c_mem = s.user("Ehh... Float64 again, and all thirty years in one array. Memory is not enough with this "
                   "way, ne. Please keep original type.", "correction")
    s.edit("scripts/03_era5_clim.jl", "sst = cat([Float64.(load_region(f; var = \"sst\")) for f in files]...; dims = 3)\nclim = mean(sst; dims = 3) .- 273.15", "acc = nothing; n = 0\nfor f in files\n    x = load_region(f; var = \"sst\")          # Float32, hourly -> one year at a time\n    global acc = acc === nothing ? sum(x; dims = 3) : acc .+ sum(x; dims = 3)\n    global n += size(x, 3)\nend\nclim = acc ./ n .- 273.15f0")
    s.reply("Now Float32 and a running sum, one year at a time.")
    c_path2 = s.user("Ah, again the same as before... the path.", "correction")
    s.edit("scripts/03_era5_clim.jl", "files = [\"/lustre/gwork/tanaka-lab/era5/era5_sst_$(y).nc\" for y in REF_YEARS]", "files = [datadir(\"exp_raw\", \"era5\", \"era5_sst_$(y).nc\") for y in REF_YEARS]")
    s.reply("Sorry — replaced the absolute `/lustre/gwork/...` path with `datadir(\"exp_raw\", \"era5\", ...)`.")
    s.user("OK. Please run it.", "request")
    rb_login = s.bash("julia --project=. -t 8 scripts/03_era5_clim.jl", fail=(137, "  Activating project at `/home/k0123/work/kuroshio`\nKilled"), dur=(90, 140))
    s.say("Killed on the login node — the per-user memory limit there is small. Submitting as a batch job "
          "with more memory.")
    s.bash("sbatch --mem=64G --export=ALL,SCRIPT=scripts/03_era5_clim.jl jobs/run.sh", out="Submitted batch job 4470551")
    s.reply("Submitted as job 4470551 with `--mem=64G`.")
    c_login = s.user("You ran it on login node!! I told at the beginning. Please, sbatch always. I hope admin "
                     "did not see.", "correction")
    s.reply("Very sorry — I ran `julia --project` on the login node. From now on everything goes through sbatch.")
    s.user("Job finished. ERA5 is warmer than OISST about 0.2 degree near coast. Is it normal?", "question")
    s.reply("Plausible. ERA5 SST near coasts comes from OSTIA/HadISST2 boundary forcing and is smoother; "
            "coastal differences of 0.1–0.3 °C against OISST are commonly reported. Check whether the pattern "
            "follows the land mask — if so it's interpolation, not physics.")
    s.end()

    # ---------------- session 4 ----------------
    s = p.session("2026-10-08 11:00")
    f_julia2 = s.user("Good morning. Cluster admin installed Julia 1.11 and julia/1.10.5 module will be "
                      "removed next month, so we move to 1.11 now. `module load julia/1.11.1`. Please update "
                      "job scripts.", "fact")
    s.grep("module load julia", ["jobs/clim.sh", "jobs/run.sh"], content="jobs/clim.sh:11:module load julia/1.10.5\njobs/run.sh:10:module load julia/1.10.5")
    s.edit("jobs/clim.sh", "module load julia/1.10.5", "module load julia/1.11.1")
    s.edit("jobs/run.sh", "module load julia/1.10.5", "module load julia/1.11.1")
    s.reply("Both job scripts now load `julia/1.11.1`.")
    ep2_start = s.user("Please make test job to check environment works on compute node.", "task_start")
    s.write("jobs/envcheck.sh", "#!/bin/bash\n#SBATCH --job-name=envcheck\n#SBATCH --account=hp240087\n#SBATCH --partition=cpu\n#SBATCH --time=00:30:00\n#SBATCH --output=logs/%x-%j.out\n\nmodule load julia/1.11.1\ncd $SLURM_SUBMIT_DIR\njulia --project=. -e 'using Pkg; Pkg.instantiate(); using CairoMakie, NCDatasets; println(\"ok \", VERSION)'\n")
    s.bash("sbatch jobs/envcheck.sh && sleep 420 && tail -n 8 logs/envcheck-*.out", fail=(1, "Submitted batch job 4489012\nPrecompiling project...\n  ✗ CairoMakie\nERROR: LoadError: SystemError: mkdir(\"/home/k0123/.julia/compiled/v1.11/CairoMakie\"): Disk quota exceeded\nStacktrace:\n [1] mkdir(path::String; mode::UInt16)\n   @ Base.Filesystem ./file.jl:186\nin expression starting at none:1"), dur=(420, 430))
    s.say("Precompiling for 1.11 writes a new `compiled/v1.11` cache into `~/.julia`, and /home has a tiny "
          "quota. I'll move the Julia depot to Lustre.")
    s.bash("quota -s | head -4", out="Disk quotas for user k0123 (uid 20412):\n     Filesystem   space   quota   limit   grace   files   quota   limit   grace\n      /home      9.8G   10.0G   10.0G            112k       0       0")
    s.edit("jobs/envcheck.sh", "module load julia/1.11.1\n", "module load julia/1.11.1\nexport JULIA_DEPOT_PATH=/lustre/gwork/tanaka-lab/k0123/julia_depot\n")
    s.edit("jobs/run.sh", "module load julia/1.11.1\n", "module load julia/1.11.1\nexport JULIA_DEPOT_PATH=/lustre/gwork/tanaka-lab/k0123/julia_depot\n")
    s.edit("jobs/clim.sh", "module load julia/1.11.1\n", "module load julia/1.11.1\nexport JULIA_DEPOT_PATH=/lustre/gwork/tanaka-lab/k0123/julia_depot\n")
    s.bash("sbatch jobs/envcheck.sh && sleep 600 && tail -n 2 logs/envcheck-4489130.out", out="Submitted batch job 4489130\n  184 dependencies successfully precompiled in 512 seconds\nok 1.11.1", dur=(600, 610))
    ep2_end = s.reply("Works: `ok 1.11.1`. The fix was `export JULIA_DEPOT_PATH=/lustre/gwork/tanaka-lab/k0123/julia_depot` "
                      "in every job script, so the package and compile cache lives on Lustre instead of the "
                      "10 GB /home quota.")
    s.user("Makie 0.22.0 is released now, my friend said at lab meeting! Please upgrade Makie.", "request")
    trig_fire = (s.i, len(s.events) - 1)
    rb_pkg = s.bash("sbatch --wrap \"module load julia/1.11.1; export JULIA_DEPOT_PATH=/lustre/gwork/tanaka-lab/k0123/julia_depot; julia --project=. -e 'using Pkg; Pkg.update()'\" --account=hp240087 --partition=cpu --time=01:00:00", out="Submitted batch job 4489377")
    s.bash("sleep 300; grep -E '^\\s+\\[' logs/slurm-4489377.out | head -12", out="  [13f3f980] ↑ CairoMakie v0.12.16 ⇒ v0.13.0\n  [ee78f7c6] ↑ Makie v0.21.16 ⇒ v0.22.0\n  [85f8d34a] ↑ NCDatasets v0.14.5 ⇒ v0.14.6\n  [31c24e10] ↑ Distributions v0.25.112 ⇒ v0.25.117\n  [634d3b9d] ↑ DrWatson v2.15.0 ⇒ v2.18.0\n  [033835bb] ↑ JLD2 v0.5.7 ⇒ v0.5.10", dur=(300, 310))
    s.reply("Makie is on 0.22.0 (CairoMakie 0.13.0). The update also bumped NCDatasets, Distributions, DrWatson "
            "and JLD2 in the Manifest.")
    c_pkg = s.user("Ah... all packages moved. This is the thing I asked not to do, for Professor's "
                   "reproducibility check. Please restore Manifest and add only Makie.", "correction")
    s.bash("git checkout Manifest.toml Project.toml && sbatch --wrap \"module load julia/1.11.1; export JULIA_DEPOT_PATH=/lustre/gwork/tanaka-lab/k0123/julia_depot; julia --project=. -e 'using Pkg; Pkg.add(name=\\\"CairoMakie\\\", version=\\\"0.13\\\")'\" --account=hp240087 --partition=cpu --time=01:00:00", out="Updated 2 paths from the index\nSubmitted batch job 4489455")
    s.reply("Restored Manifest.toml/Project.toml from git and submitted a job that only adds CairoMakie 0.13 "
            "(pulling Makie 0.22); other packages stay pinned.")
    s.user("Thank you. Colorbar looks correct now in PDF 🙏 One more question, sorry. My Mann–Kendall "
           "function is slow for whole map, about 40 minutes. This is the loop:\n\n```julia\n"
           "pv = [mannkendall(ann[i, j, :]).p for i in axes(ann, 1), j in axes(ann, 2)]\n```\n\nand "
           "@time says:\n\n```\n2417.338112 seconds (6.91 G allocations: 412.555 GiB, 11.02% gc time)\n```\n\n"
           "Why so many allocations? n is only 44 years.", "question")
    s.reply("`ann[i, j, :]` copies a 44-element vector for each of ~4,800 grid points — that's cheap. The 6.9 G "
            "allocations come from `S = 0` starting as an `Int` and becoming `Float64` when `sign()` returns "
            "Float32 (type instability), so every `+=` boxes. Initialise `S = zero(eltype(y))` and use "
            "`@views ann[i, j, :]`; it should drop to seconds. Also run it with `-t 16` and `Threads.@threads` "
            "over `j` inside the job.")
    s.user("Wow, it is now 9 seconds. Thank you very much!", "thanks")
    s.reply("Glad it's fixed.")
    s.end()

    # ---------------- session 5 ----------------
    s = p.session("2026-10-16 14:30")
    ep2_rep = s.user("Hello. My senior Sato-san wants to run my scripts on his account. Please make job "
                     "script template for him, it should work first time.", "task_start")
    s.write("jobs/template.sh", "#!/bin/bash\n#SBATCH --job-name=kuroshio\n#SBATCH --account=hp240087\n#SBATCH --partition=cpu\n#SBATCH --cpus-per-task=16\n#SBATCH --mem=64G\n#SBATCH --time=04:00:00\n#SBATCH --output=logs/%x-%j.out\n\nmodule load julia/1.11.1\ncd $SLURM_SUBMIT_DIR\njulia --project=. -t $SLURM_CPUS_PER_TASK -e 'using Pkg; Pkg.instantiate()'\njulia --project=. -t $SLURM_CPUS_PER_TASK \"$SCRIPT\"\n")
    s.reply("Added `jobs/template.sh`: account hp240087, 16 CPUs, 64G, Julia 1.11.1, instantiates then runs "
            "`$SCRIPT`.")
    q_ver = s.user("Which julia version and which data folder should I write in README for him? I forget what we "
           "decided.", "question")
    s.reply("Julia 1.11.1 (`module load julia/1.11.1`); data through `data/exp_raw/oisst`, which links to "
            "`/lustre/gwork/tanaka-lab/oisst`.")
    q_seas = s.user("Now seasonal trend: DJF and JJA separately, same style figure. Please write scripts/04_seasonal.jl.", "request")
    s.write("scripts/04_seasonal.jl", "using DrWatson\n@quickactivate \"Kuroshio\"\nusing NCDatasets, Statistics, CairoMakie, Dates\ninclude(srcdir(\"region.jl\"))\ninclude(srcdir(\"mannkendall.jl\"))\n\nconst SEASONS = (DJF = (12, 1, 2), JJA = (6, 7, 8))\nyears = 1982:2025\nset_theme!(fonts = (; regular = \"Noto Sans CJK JP\"))\nconst MM = 72 / 25.4\n\nfor (name, months) in pairs(SEASONS)\n    ann = cat([seasonal_mean(datadir(\"exp_raw\", \"oisst\"), y, months) for y in years]...; dims = 3)\n    tr = [trend(ann[i, j, :], years) * 10 for i in axes(ann, 1), j in axes(ann, 2)]\n    fig = Figure(size = (160MM, 120MM))\n    ax = Axis(fig[1, 1]; title = \"$(name) SST trend (°C/decade)\")\n    hm = heatmap!(ax, lon, lat, tr; colormap = :balance, colorrange = (-0.6, 0.6))\n    Colorbar(fig[1, 2], hm)\n    save(plotsdir(\"trend_$(name).pdf\"), fig)\nend\n")
    rb_login2 = s.bash("julia --project=. -t 4 scripts/04_seasonal.jl", out="  Activating project at `/home/k0123/work/kuroshio`\n[ Info: saved plots/trend_DJF.pdf\n[ Info: saved plots/trend_JJA.pdf", dur=(200, 280))
    s.reply("Both figures saved: `plots/trend_DJF.pdf` and `plots/trend_JJA.pdf`, same style (balance "
            "colormap, 160 mm, Noto Sans CJK JP).")
    s.user("DJF shows strong warming south of Japan, JJA weaker. Professor will like it. By the way, "
           "the OISST in 1982 starts only in September, is first year OK for DJF?", "question")
    s.reply("No — 1982 has no Jan/Feb and December 1981 doesn't exist, so DJF 1982 is incomplete. Start DJF at "
            "1983 (Dec 1982 + Jan–Feb 1983) and drop years with missing months.")
    s.user("Please fix that.", "request")
    s.edit("scripts/04_seasonal.jl", "    ann = cat([seasonal_mean(datadir(\"exp_raw\", \"oisst\"), y, months) for y in years]...; dims = 3)", "    yrs = name == :DJF ? (first(years) + 1):last(years) : years\n    ann = cat([seasonal_mean(datadir(\"exp_raw\", \"oisst\"), y, months) for y in yrs]...; dims = 3)")
    s.reply("DJF now runs 1983–2025 (each DJF labelled by its January year); JJA keeps 1982–2025. The trend "
            "call uses `yrs` too.")
    s.user("Also units attribute in one raw file is wrong, says 'degK' but values are Celsius. Can you fix?", "request")
    rb_raw = s.bash("ncatted -O -a units,sst,o,c,\"degC\" data/exp_raw/oisst/sst.day.mean.1995.nc", out="")
    s.reply("Fixed the `units` attribute of `sst` in `sst.day.mean.1995.nc` to `degC` with ncatted.")
    s.user("Oh no, that was raw file… OK, I will ask admin to restore from NOAA copy. Thank you for today.", "thanks")
    s.reply("Sorry about that — a corrected copy in `data/exp_pro` with the fixed attribute would have been the "
            "right way. Thanks, and good luck with the lab meeting.")
    s.end()

    # ---------------- expectations ----------------
    p.fact("F1", f_region, needed=[ep1_rep], terms=["25–40n", "130–150e"], note="study region")
    p.fact("F2", f_ref, needed=[ep1_rep], terms=["1991–2020"],
           note="stated only in answer to the assistant's question")
    p.fact("F3", f_data, needed=[f_data2], terms=["/lustre/work/k0123/oisst"])
    p.fact("F3b", f_data2, needed=[q_ver], terms=["/lustre/gwork/tanaka-lab/oisst"],
           stale=["/lustre/work/k0123/oisst"])
    p.fact("F4", f_julia2, needed=[ep2_rep, q_ver], terms=["julia/1.11.1"], stale=["julia/1.10.5"],
           note="old module appears in the jobs/clim.sh read in s0")
    p.fact("F5", f_fig, needed=[q_seas], terms=["pdf", "noto sans cjk jp", "160 mm"])

    p.correction("C1", c_plots, ["plots.jl", "cairomakie"])
    p.correction("C2", c_jet, ["not this one", "perceptually", "jet"], note="does not name jet; previous turn used colormap = :jet")
    p.correction("C3", c_path, ["datadir", "hard-coded"])
    p.correction("C4", c_mem, ["float64", "original type", "one array"])
    p.correction("C5", c_path2, ["again", "/lustre/gwork"], note="names only 'the path'; previous turn hard-coded /lustre/gwork")
    p.correction("C6", c_login, ["login node", "sbatch"])
    p.correction("C7", c_pkg, ["asked not to do", "pkg.update"], note="does not name Pkg.update; previous turn ran it")

    p.rule("R1", r_login, "Bash", [rb_login, rb_login2], ["julia --project", "sbatch"],
           note="broken twice: scripts run on the login node")
    p.rule("R2", r_raw, "Bash", [rb_raw], ["data/exp_raw"], note="broken: ncatted -O on a raw NOAA file")
    p.rule("R3", r_pkg, "Bash", [rb_pkg], ["pkg.update"], note="broken during the Makie upgrade")

    p.episode("E1", ep1_start, ep1_end, ep1_rep, ["one year at a time", "--mem=64g"])
    p.episode("E2", ep2_start, ep2_end, ep2_rep, ["julia_depot_path", "/home"])

    p.trigger("T1", trig_q, trig_fire, "Makie 0.22 release: colorbar tick overlap in PDF")
    p.rejected(rej, ["xarray", "python"], "user declined Python/xarray preprocessing; Julia only")
    return p
