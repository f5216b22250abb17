"""permitdesk-blazor: .NET 8 Blazor Web App (Interactive Server) for a Spanish town hall's building permits.

Voice: Spanish tech lead writing English: false friends ("actually" = currently, "explain me",
"I want that you..."), Spanish interjections (vale, ojo, hombre, venga, pues), and corrections given
by example ("No. Like this: `...`") rather than as rules.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "_gen6"))
from builder import Project  # noqa: E402

CWD = "/home/mruiz/src/permitdesk"

PROGRAM_CS = """using Microsoft.AspNetCore.Authentication.OpenIdConnect;
using Microsoft.Identity.Web;
using MudBlazor.Services;
using PermitDesk.Application;
using PermitDesk.Infrastructure;
using PermitDesk.Web.Components;

var builder = WebApplication.CreateBuilder(args);

builder.Services.AddAuthentication(OpenIdConnectDefaults.AuthenticationScheme)
    .AddMicrosoftIdentityWebApp(builder.Configuration.GetSection("AzureAd"));
builder.Services.AddAuthorization();

builder.Services.AddRazorComponents()
    .AddInteractiveServerComponents();

builder.Services.AddMudServices();
builder.Services.AddLocalization();
builder.Services.AddSingleton(TimeProvider.System);
builder.Services.AddApplication();
builder.Services.AddInfrastructure(builder.Configuration);

var app = builder.Build();

app.UseRequestLocalization("es-ES", "ca-ES-valencia");
app.UseStaticFiles();
app.UseAuthentication();
app.UseAuthorization();
app.UseAntiforgery();

app.MapRazorComponents<App>()
    .AddInteractiveServerRenderMode();

app.Run();
"""

EF_NO_STARTUP = """Build started...
Build succeeded.
Unable to create a 'DbContext' of type ''. The exception 'Unable to resolve service for type 'Microsoft.EntityFrameworkCore.DbContextOptions`1[PermitDesk.Infrastructure.Persistence.PermitDeskDbContext]' while attempting to activate 'PermitDesk.Infrastructure.Persistence.PermitDeskDbContext'.' was thrown while attempting to create an instance. For the different patterns supported at design time, see https://go.microsoft.com/fwlink/?linkid=851728"""


def build():
    p = Project("permitdesk-blazor", CWD,
                voice="Spanish tech lead (town hall IT), non-native English with false friends ('actually' = "
                      "currently, 'explain me', 'I want that you'), vale/ojo/hombre/venga; corrects by example "
                      "('No. Like this: `...`')",
                stack=".NET 8 Blazor Web App (Interactive Server), MudBlazor 6.11 -> 7.8, EF Core 8 + SQL Server "
                      "(SQLPRE01 -> SQLPRE02\\INST2), Entra ID (Microsoft.Identity.Web), xUnit + bUnit + "
                      "FluentAssertions, Azure DevOps Server pipelines, IIS via Web Deploy, resx es-ES/ca-ES-valencia",
                seed=6303)
    F, C, R, E, T = {}, {}, {}, {}, {}

    # ------------------------------------------------------------------ s0
    s = p.session("2026-10-19 06:41")
    F["pre"] = s.user("Buenos días. I present you the project: PermitDesk, the application of licencias de obra of "
                      "the Ayuntamiento de Torrealta. .NET 8, Blazor with interactive server, MudBlazor 6.11, EF "
                      "Core with SQL Server. The database of pre-production is in SQLPRE01, database "
                      "PermitDesk_Pre. First explain me how is organized the solution, I want to see if you "
                      "understand it.", "fact")
    s.glob("**/*.csproj", ["src/PermitDesk.Domain/PermitDesk.Domain.csproj",
                           "src/PermitDesk.Application/PermitDesk.Application.csproj",
                           "src/PermitDesk.Infrastructure/PermitDesk.Infrastructure.csproj",
                           "src/PermitDesk.Web/PermitDesk.Web.csproj",
                           "tests/PermitDesk.Application.Tests/PermitDesk.Application.Tests.csproj",
                           "tests/PermitDesk.Web.Tests/PermitDesk.Web.Tests.csproj"])
    s.read("src/PermitDesk.Web/Program.cs", PROGRAM_CS)
    s.bash("ls src/PermitDesk.Application src/PermitDesk.Infrastructure src/PermitDesk.Infrastructure/Persistence src/PermitDesk.Web/Components/Pages",
           dur=(1, 2), out="""src/PermitDesk.Application:
DependencyInjection.cs
Expedientes
Inspecciones
Informes
PermitDesk.Application.csproj
Resources

src/PermitDesk.Infrastructure:
DependencyInjection.cs
Identity
Migrations
Persistence
PermitDesk.Infrastructure.csproj

src/PermitDesk.Infrastructure/Persistence:
Configurations
PermitDeskDbContext.cs

src/PermitDesk.Web/Components/Pages:
Expedientes
Home.razor
Inspecciones
Registro.razor
""")
    s.reply("It's a clean-architecture layout:\n- **PermitDesk.Domain**: entities (`Expediente`, `Inspeccion`, …) "
            "and enums, no dependencies\n- **PermitDesk.Application**: use-case services per feature "
            "(`Expedientes/`, `Inspecciones/`, `Informes/`), DTOs, and resx resources, registered through "
            "`AddApplication()`\n- **PermitDesk.Infrastructure**: EF Core `PermitDeskDbContext`, entity "
            "configurations, migrations, and the Identity/Entra integration (`AddInfrastructure()`)\n- "
            "**PermitDesk.Web**: the Blazor Web App. `AddRazorComponents().AddInteractiveServerComponents()`, "
            "MudBlazor, Entra ID sign-in via Microsoft.Identity.Web, es-ES/ca-ES-valencia localization, and a "
            "`TimeProvider` singleton\n- tests: xUnit for Application, bUnit for Web components")

    R["dbupdate"] = s.user("Correct. Ojo, one important thing: never execute `dotnet ef database update`. Not in "
                           "local against pre, not anywhere. The DBA applies the migrations with the idempotent "
                           "script, like this: `dotnet ef migrations script --idempotent -o deploy/migrate.sql`.",
                           "preference")
    s.reply("Understood: I'll never run `dotnet ef database update`. Schema changes get applied only by the "
            "DBA, from an idempotent script I generate with `dotnet ef migrations script --idempotent`.")

    e1a = s.user("Vale. I want that you add to the Expediente the field FechaLimite — the date limit for the "
                 "resolution, 3 months from the FechaRegistro. Calculated when we register it. With the "
                 "migration.", "task_start")
    s.read("src/PermitDesk.Domain/Expedientes/Expediente.cs", """namespace PermitDesk.Domain.Expedientes;

public class Expediente
{
    public int Id { get; set; }
    public TipoLicencia Tipo { get; set; }
    public EstadoExpediente Estado { get; set; } = EstadoExpediente.Registrado;
    public DateTime FechaRegistro { get; set; }
    public string Solicitante { get; set; } = "";
    public string DniSolicitante { get; set; } = "";
    public string Emplazamiento { get; set; } = "";
    public decimal Presupuesto { get; set; }
    public int? InspectorId { get; set; }
    public List<Documento> Documentos { get; set; } = [];
}
""")
    s.edit("src/PermitDesk.Domain/Expedientes/Expediente.cs",
           "    public DateTime FechaRegistro { get; set; }\n",
           "    public DateTime FechaRegistro { get; set; }\n    public DateOnly FechaLimite { get; set; }\n", line=8)
    s.read("src/PermitDesk.Application/Expedientes/ExpedienteService.cs", """using Microsoft.EntityFrameworkCore;
using PermitDesk.Application.Abstractions;
using PermitDesk.Domain.Expedientes;

namespace PermitDesk.Application.Expedientes;

public class ExpedienteService(IPermitDeskDb db, TimeProvider time)
{
    public async Task<int> RegistrarAsync(NuevoExpedienteDto dto, CancellationToken ct)
    {
        var e = new Expediente
        {
            Tipo = dto.Tipo,
            FechaRegistro = time.GetLocalNow().DateTime,
            Solicitante = dto.Solicitante,
            DniSolicitante = dto.Dni,
            Emplazamiento = dto.Emplazamiento,
            Presupuesto = dto.Presupuesto,
        };
        db.Expedientes.Add(e);
        await db.SaveChangesAsync(ct);
        return e.Id;
    }
}
""")
    s.edit("src/PermitDesk.Application/Expedientes/ExpedienteService.cs",
           "            Presupuesto = dto.Presupuesto,\n        };",
           "            Presupuesto = dto.Presupuesto,\n            FechaLimite = DateOnly.FromDateTime(DateTime.Now.AddMonths(3)),\n        };", line=18)
    s.bash("dotnet ef migrations add AddFechaLimite", dur=(4, 8), fail=(1, """\
No project was found. Change the current working directory or use the --project option."""))
    s.bash("dotnet ef migrations add AddFechaLimite --project src/PermitDesk.Infrastructure", dur=(18, 30),
           fail=(1, EF_NO_STARTUP))
    s.say("The DbContext is only configured by the Web host's DI (`AddInfrastructure(builder.Configuration)`), and "
          "there's no design-time factory, so the EF tools must run the Web project as the startup project.")
    s.bash("dotnet ef migrations add AddFechaLimite --project src/PermitDesk.Infrastructure --startup-project src/PermitDesk.Web",
           dur=(20, 35), out="Build started...\nBuild succeeded.\nDone. To undo this action, use 'ef migrations remove'\n")
    s.bash("dotnet ef migrations script --idempotent --project src/PermitDesk.Infrastructure --startup-project src/PermitDesk.Web AddNumeroRegistro AddFechaLimite",
           dur=(15, 25), out="""Build started...
Build succeeded.
BEGIN TRANSACTION;
GO

IF NOT EXISTS (
    SELECT * FROM [__EFMigrationsHistory]
    WHERE [MigrationId] = N'20261019065212_AddFechaLimite'
)
BEGIN
    ALTER TABLE [Expedientes] ADD [FechaLimite] date NOT NULL DEFAULT '0001-01-01';
END;
GO

IF NOT EXISTS (
    SELECT * FROM [__EFMigrationsHistory]
    WHERE [MigrationId] = N'20261019065212_AddFechaLimite'
)
BEGIN
    INSERT INTO [__EFMigrationsHistory] ([MigrationId], [ProductVersion])
    VALUES (N'20261019065212_AddFechaLimite', N'8.0.10');
END;
GO

COMMIT;
GO
""")
    e1b = s.reply("Done:\n- `Expediente.FechaLimite` (`DateOnly`, SQL `date`), set to registration date + 3 months in "
                  "`ExpedienteService.RegistrarAsync`\n- migration `20261019065212_AddFechaLimite`; the idempotent "
                  "SQL for the DBA is above (not applied anywhere)\n\nNote for future migrations: `dotnet ef "
                  "migrations add` only works with **`--project src/PermitDesk.Infrastructure --startup-project "
                  "src/PermitDesk.Web`**. The DbContext options come from the Web host's DI, so without the "
                  "startup project EF fails with \"Unable to create a 'DbContext' of type ''\". Existing rows "
                  "will get `0001-01-01`, so you may want a backfill `UPDATE` in the DBA script.")

    C["time"] = s.user("No, not like that. Like this:\n\n```csharp\nvar hoy = time.GetLocalNow();\n"
                       "FechaLimite = DateOnly.FromDateTime(hoy.AddMonths(3).DateTime),\n```\n\nThe tests use "
                       "FakeTimeProvider.", "correction")
    s.edit("src/PermitDesk.Application/Expedientes/ExpedienteService.cs",
           "        var e = new Expediente\n        {\n            Tipo = dto.Tipo,\n            FechaRegistro = time.GetLocalNow().DateTime,",
           "        var hoy = time.GetLocalNow();\n        var e = new Expediente\n        {\n            Tipo = dto.Tipo,\n            FechaRegistro = hoy.DateTime,", line=11)
    s.edit("src/PermitDesk.Application/Expedientes/ExpedienteService.cs",
           "            FechaLimite = DateOnly.FromDateTime(DateTime.Now.AddMonths(3)),",
           "            FechaLimite = DateOnly.FromDateTime(hoy.AddMonths(3).DateTime),", line=20)
    s.write("tests/PermitDesk.Application.Tests/Expedientes/RegistrarExpedienteTests.cs", """using FluentAssertions;
using Microsoft.Extensions.Time.Testing;
using PermitDesk.Application.Expedientes;
using PermitDesk.Domain.Expedientes;

namespace PermitDesk.Application.Tests.Expedientes;

public class RegistrarExpedienteTests : DbTestBase
{
    [Fact]
    public async Task FechaLimite_es_tres_meses_despues_del_registro()
    {
        var time = new FakeTimeProvider(new DateTimeOffset(2026, 11, 30, 10, 0, 0, TimeSpan.FromHours(1)));
        var sut = new ExpedienteService(Db, time);

        var id = await sut.RegistrarAsync(NuevoExpediente(), default);

        (await Db.Expedientes.FindAsync(id))!.FechaLimite.Should().Be(new DateOnly(2027, 2, 28));
    }
}
""")
    s.bash("dotnet test tests/PermitDesk.Application.Tests --filter FullyQualifiedName~RegistrarExpediente", dur=(25, 40),
           out="  Determining projects to restore...\n  All projects are up-to-date for restore.\n"
               "  PermitDesk.Application.Tests -> /home/mruiz/src/permitdesk/tests/PermitDesk.Application.Tests/bin/Debug/net8.0/PermitDesk.Application.Tests.dll\n"
               "Test run for /home/mruiz/src/permitdesk/tests/PermitDesk.Application.Tests/bin/Debug/net8.0/PermitDesk.Application.Tests.dll (.NETCoreApp,Version=v8.0)\n"
               "Passed!  - Failed:     0, Passed:     1, Skipped:     0, Total:     1, Duration: 212 ms - PermitDesk.Application.Tests.dll (net8.0)\n")
    s.reply("Changed it to use the injected `TimeProvider` (`time.GetLocalNow()`), and the registration date "
            "comes from the same `hoy`. I added a test with `FakeTimeProvider`: 30 Nov 2026 → 28 Feb 2027 "
            "(AddMonths clamps to the end of the month). It passes.")

    s.user("A question of concept, the junior asked me and I explained it bad: what is the difference between "
           "AddScoped and AddTransient in Blazor Server? Because in the web API I know it is per request.",
           "question")
    s.reply("In Blazor Server the \"request\" is the **circuit**. A scoped service lives as long as the user's "
            "circuit (the browser tab's connection), which can be hours, and not just one HTTP request. "
            "Transient gives a new instance every time it's injected. Consequences: (1) a scoped `DbContext` "
            "would be shared by every component in the tab for hours, so it accumulates tracked entities, and "
            "two concurrent operations throw \"A second operation was started on this context\". That's why "
            "`IDbContextFactory` or short-lived contexts are recommended. (2) Scoped is right for per-user state "
            "like the current user or filters. (3) Singleton is shared by everyone, as in the API.")

    s.user("Good explanation. Now the number of the expediente. Actually it is the Id, a number like 4187, and "
           "the citizens don't understand it in the letters. Make a proper number.", "request")
    s.reply("Happy to. What format should the expediente number have? In particular: a prefix per license type, "
            "whether it includes the year, how many digits, and whether the sequence restarts each year.")
    F["numero"] = s.user("Like this: LO-2026/00045. LO is licencia de obra, later we will have MA for licencia de "
                         "actividad. Year and 5 digits, the counter restarts every year for each type.", "fact")
    s.write("src/PermitDesk.Domain/Expedientes/ContadorExpediente.cs", """namespace PermitDesk.Domain.Expedientes;

public class ContadorExpediente
{
    public TipoLicencia Tipo { get; set; }
    public int Anio { get; set; }
    public int Ultimo { get; set; }
}
""")
    s.edit("src/PermitDesk.Application/Expedientes/ExpedienteService.cs",
           "        db.Expedientes.Add(e);\n        await db.SaveChangesAsync(ct);",
           "        e.Numero = await numeracion.SiguienteAsync(dto.Tipo, hoy.Year, ct); // e.g. LO-2026/00045\n"
           "        db.Expedientes.Add(e);\n        await db.SaveChangesAsync(ct);", line=24)
    s.write("src/PermitDesk.Infrastructure/Persistence/NumeracionExpedientes.cs", """using Microsoft.EntityFrameworkCore;
using PermitDesk.Application.Abstractions;
using PermitDesk.Domain.Expedientes;

namespace PermitDesk.Infrastructure.Persistence;

public class NumeracionExpedientes(PermitDeskDbContext db) : INumeracionExpedientes
{
    public async Task<string> SiguienteAsync(TipoLicencia tipo, int anio, CancellationToken ct)
    {
        // UPDLOCK/HOLDLOCK so two registrations at the same time never get the same number
        var ultimo = await db.Database.SqlQuery<int>($@"
            MERGE ContadoresExpediente WITH (UPDLOCK, HOLDLOCK) AS t
            USING (SELECT {(int)tipo} AS Tipo, {anio} AS Anio) AS s ON t.Tipo = s.Tipo AND t.Anio = s.Anio
            WHEN MATCHED THEN UPDATE SET Ultimo = t.Ultimo + 1
            WHEN NOT MATCHED THEN INSERT (Tipo, Anio, Ultimo) VALUES (s.Tipo, s.Anio, 1)
            OUTPUT inserted.Ultimo AS Value;").SingleAsync(ct);
        return $"{tipo.Prefijo()}-{anio}/{ultimo:D5}";
    }
}
""")
    s.bash("dotnet ef migrations add AddNumeroExpediente --project src/PermitDesk.Infrastructure --startup-project src/PermitDesk.Web",
           dur=(20, 35), out="Build started...\nBuild succeeded.\nDone. To undo this action, use 'ef migrations remove'\n")
    s.reply("Expediente numbers are in: `Expediente.Numero` (e.g. `LO-2026/00045`) plus a "
            "`ContadoresExpediente(Tipo, Anio, Ultimo)` table. The next number comes from a single `MERGE … "
            "WITH (UPDLOCK, HOLDLOCK)`, so concurrent registrations can't collide, and every type/year pair "
            "starts at 00001. `TipoLicencia.Prefijo()` returns `LO` (and `MA` once you add that type). "
            "Migration `AddNumeroExpediente` is created; nothing is applied.")
    s.user("Vale, perfecto. Gracias, until tomorrow.", "thanks")
    s.reply("¡Hasta mañana!")
    s.end()

    # ------------------------------------------------------------------ s1
    s = p.session("2026-10-27 07:33")
    s.user("Buenos días. The inspectors complain that the app \"se queda colgada\" in the street. One sent me "
           "this from the console of the browser of his tablet:\n\n```\n[2026-10-26T09:14:22.118Z] Error: "
           "Connection disconnected with error 'Error: WebSocket closed with status code: 1006 (no reason "
           "given).'.\nblazor.web.js:1 [2026-10-26T09:14:22.120Z] Information: Connection disconnected.\n"
           "blazor.web.js:1 Attempting to reconnect to the server: 1 of 8\nblazor.web.js:1 Attempting to "
           "reconnect to the server: 2 of 8\n...\nblazor.web.js:1 Attempting to reconnect to the server: 8 of "
           "8\nblazor.web.js:1 [2026-10-26T09:15:04.877Z] Error: Failed to complete negotiation with the "
           "server: TypeError: Failed to fetch\nblazor.web.js:1 Reconnection failed. Trying to resume circuit...\n"
           "blazor.web.js:1 [2026-10-26T09:15:05.002Z] Error: Circuit 'Xy3m0Qk…' not found.\n```\n\nAnd then "
           "the grey screen with \"Rejoining the server...\" and a button Reload, and he loses what he wrote "
           "in the form. What happens?", "question")
    rp1 = s.reply("With Interactive Server, the UI lives on the server in a **circuit**, held open over a "
                  "WebSocket. On mobile data the socket drops (1006). The client retries 8 times at the default "
                  "intervals, about 40 s in total, and gives up. By the time the connection is back, the server "
                  "has thrown the circuit away (\"Circuit not found\"), and everything typed in the form was in "
                  "that circuit. Options:\n1. **Keep Interactive Server but tolerate drops**: many more client "
                  "retries, a longer `DisconnectedCircuitRetentionPeriod` on the server, a less intrusive "
                  "reconnect UI, and saving the form draft to `localStorage` as the inspector types.\n2. **Move "
                  "the inspection pages to InteractiveWebAssembly (or Auto)**: the form runs in the browser, so a "
                  "dropped connection doesn't lose anything, and you sync when online. More work (an API for the "
                  "form, and the app download on first load).")
    F["tablets"] = s.user("WebAssembly no. The inspectors have Surface Go of 2019 with 4G in the street, they "
                          "are slow and the first download of the wasm is terrible, and Sistemas don't want to "
                          "publish an API. Do the option 1.", "fact")
    s.edit("src/PermitDesk.Web/Program.cs",
           "builder.Services.AddMudServices();",
           "builder.Services.AddServerSideBlazor()\n    .AddCircuitOptions(o =>\n    {\n"
           "        o.DisconnectedCircuitRetentionPeriod = TimeSpan.FromMinutes(15);\n"
           "        o.DisconnectedCircuitMaxRetained = 500;\n    });\n\nbuilder.Services.AddMudServices();", line=17)
    s.reply("Server side: disconnected circuits are now kept for **15 minutes** (default 3) and up to 500 of "
            "them, configured via `AddServerSideBlazor().AddCircuitOptions(...)`. Next I'll do the client "
            "retries and the draft saving.")
    C["oldway"] = s.user("Hombre, that is the old way. Like this:\n\n```csharp\nbuilder.Services.AddRazorComponents()\n"
                         "    .AddInteractiveServerComponents(o => o.DisconnectedCircuitRetentionPeriod = "
                         "TimeSpan.FromMinutes(15));\n```", "correction")
    s.edit("src/PermitDesk.Web/Program.cs",
           "builder.Services.AddServerSideBlazor()\n    .AddCircuitOptions(o =>\n    {\n"
           "        o.DisconnectedCircuitRetentionPeriod = TimeSpan.FromMinutes(15);\n"
           "        o.DisconnectedCircuitMaxRetained = 500;\n    });\n\n", "", line=17)
    s.edit("src/PermitDesk.Web/Program.cs",
           "builder.Services.AddRazorComponents()\n    .AddInteractiveServerComponents();",
           "builder.Services.AddRazorComponents()\n    .AddInteractiveServerComponents(o =>\n    {\n"
           "        o.DisconnectedCircuitRetentionPeriod = TimeSpan.FromMinutes(15);\n"
           "        o.DisconnectedCircuitMaxRetained = 500;\n    });", line=14)
    s.read("src/PermitDesk.Web/Components/App.razor", """<!DOCTYPE html>
<html lang="es">
<head>
    <meta charset="utf-8" />
    <base href="/" />
    <link href="_content/MudBlazor/MudBlazor.min.css" rel="stylesheet" />
    <HeadOutlet @rendermode="InteractiveServer" />
</head>
<body>
    <Routes @rendermode="InteractiveServer" />
    <script src="_framework/blazor.web.js"></script>
    <script src="_content/MudBlazor/MudBlazor.min.js"></script>
</body>
</html>
""")
    s.edit("src/PermitDesk.Web/Components/App.razor",
           "    <script src=\"_framework/blazor.web.js\"></script>",
           "    <script src=\"_framework/blazor.web.js\" autostart=\"false\"></script>\n    <script>\n"
           "        Blazor.start({\n            circuit: {\n"
           "                reconnectionOptions: { maxRetries: 60, retryIntervalMilliseconds: 5000 }\n"
           "            }\n        });\n    </script>", line=11)
    s.bash("dotnet build src/PermitDesk.Web -v q", dur=(25, 40), out="  PermitDesk.Web -> /home/mruiz/src/permitdesk/src/PermitDesk.Web/bin/Debug/net8.0/PermitDesk.Web.dll\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)\n")
    s.reply("Moved the circuit options into `AddInteractiveServerComponents(o => …)` (15 min retention, 500 "
            "circuits). On the client, `blazor.web.js` now starts manually with **60 retries every 5 s** (5 "
            "minutes of trying instead of ~40 s). The build passes. Draft saving to `localStorage` is still "
            "to do. Shall I do it next?")

    R["migrations"] = s.user("Later. Other thing, it happened yesterday: Javier changed by hand the .cs of one "
                             "migration and then the snapshot was wrong and the script of the DBA failed. Rule for "
                             "everybody, also for you: the files in Migrations/ are not edited by hand. If one is "
                             "wrong, `dotnet ef migrations remove` and add it again.", "preference")
    s.reply("Understood: I won't edit anything in `Migrations/` by hand. If a migration is wrong, I'll run "
            "`dotnet ef migrations remove` and generate it again.")

    q_pre = s.user("How many expedientes are in estado EnRevision in pre? Use sqlcmd, my user has permission of "
                   "read.", "request")
    s.read("src/PermitDesk.Web/appsettings.Development.json", """{
  "ConnectionStrings": {
    "PermitDesk": "Server=SQLPRE01;Database=PermitDesk_Pre;Authentication=ActiveDirectoryIntegrated;TrustServerCertificate=True"
  },
  "DetailedErrors": true
}
""")
    s.bash("sqlcmd -S SQLPRE01 -d PermitDesk_Pre -G -Q \"SET NOCOUNT ON; SELECT COUNT(*) AS EnRevision FROM Expedientes WHERE Estado = 2\" -W",
           dur=(2, 5), out="EnRevision\n----------\n312\n")
    s.reply("**312** expedientes are in `EnRevision` (enum value 2) in `PermitDesk_Pre` on SQLPRE01.")

    s.user("The list \"Mis expedientes\" of the inspector is very slow, 6-7 seconds. Make it faster.", "request")
    s.read("src/PermitDesk.Application/Expedientes/ExpedienteQueries.cs", """public class ExpedienteQueries(IPermitDeskDb db)
{
    public List<ExpedienteListDto> DeInspector(int inspectorId)
    {
        return db.Expedientes
            .Include(e => e.Documentos)
            .ToList()
            .Where(e => e.InspectorId == inspectorId && e.Estado != EstadoExpediente.Resuelto)
            .OrderBy(e => e.FechaLimite)
            .Select(ExpedienteListDto.From)
            .ToList();
    }
}
""")
    s.edit("src/PermitDesk.Application/Expedientes/ExpedienteQueries.cs",
           "public class ExpedienteQueries(IPermitDeskDb db)\n{\n    public List<ExpedienteListDto> DeInspector(int inspectorId)\n    {\n        return db.Expedientes",
           "public class ExpedienteQueries(IPermitDeskDb db, IMemoryCache cache)\n{\n    public List<ExpedienteListDto> DeInspector(int inspectorId)\n    {\n"
           "        return cache.GetOrCreate($\"mis-expedientes:{inspectorId}\", entry =>\n        {\n"
           "            entry.AbsoluteExpirationRelativeToNow = TimeSpan.FromMinutes(2);\n            return db.Expedientes", line=1)
    s.reply("I added a 2-minute `IMemoryCache` per inspector in `ExpedienteQueries.DeInspector`, so repeated "
            "opens of \"Mis expedientes\" come from memory.")
    C["where"] = s.user("No. The problem is that you bring all the table with the documents to memory. Like this:\n\n"
                        "```csharp\nreturn await db.Expedientes\n    .Where(e => e.InspectorId == inspectorId && "
                        "e.Estado != EstadoExpediente.Resuelto)\n    .OrderBy(e => e.FechaLimite)\n"
                        "    .Select(ExpedienteListDto.Projection)\n    .ToListAsync(ct);\n```\n\nAnd without "
                        "cache, they need to see the changes.", "correction")
    s.write("src/PermitDesk.Application/Expedientes/ExpedienteQueries.cs", """public class ExpedienteQueries(IPermitDeskDb db)
{
    public Task<List<ExpedienteListDto>> DeInspectorAsync(int inspectorId, CancellationToken ct) =>
        db.Expedientes
            .Where(e => e.InspectorId == inspectorId && e.Estado != EstadoExpediente.Resuelto)
            .OrderBy(e => e.FechaLimite)
            .Select(ExpedienteListDto.Projection)
            .ToListAsync(ct);
}
""", kind="update")
    s.edit("src/PermitDesk.Application/Expedientes/ExpedienteListDto.cs",
           "    public static ExpedienteListDto From(Expediente e) =>",
           "    public static readonly Expression<Func<Expediente, ExpedienteListDto>> Projection = e =>\n"
           "        new(e.Id, e.Numero, e.Emplazamiento, e.Estado, e.FechaLimite, e.Documentos.Count);\n\n"
           "    public static ExpedienteListDto From(Expediente e) =>", line=9)
    s.edit("src/PermitDesk.Web/Components/Pages/Inspecciones/MisExpedientes.razor",
           "        _items = Queries.DeInspector(_inspectorId);",
           "        _items = await Queries.DeInspectorAsync(_inspectorId, _cts.Token);", line=38)
    s.bash("dotnet build -v q && dotnet test tests/PermitDesk.Application.Tests -v q", dur=(40, 60),
           out="Build succeeded.\n    0 Warning(s)\n    0 Error(s)\nPassed!  - Failed:     0, Passed:    47, Skipped:     0, Total:    47, Duration: 1 s - PermitDesk.Application.Tests.dll (net8.0)\n")
    s.reply("Done your way: the filter and order run in SQL, only the list columns are projected (the document "
            "count is a `COUNT` subquery, not loaded), and it's async with the cancellation token. The cache is "
            "removed. The page calls `DeInspectorAsync`. 47 tests pass.")

    T["efcore"] = s.user("By the way: in ExpedienteConfiguration we have a workaround for the bug of ToJson() with "
                         "collections of owned types (the Documentos), a ValueConverter made by hand. Remind me "
                         "when EF Core 8.0.11 is published, they say it is fixed there, and then we remove the "
                         "workaround.", "trigger")
    s.reply("Noted: once EF Core **8.0.11** is out, remove the hand-written `ValueConverter` for `Documentos` "
            "in `ExpedienteConfiguration` and go back to `OwnsMany(e => e.Documentos, d => d.ToJson())`.")

    F["deploy"] = s.user("Prepare the release notes of the version 1.4.0 in docs/releases, from the commits since "
                         "the tag v1.3.2. For your information, the deploys to production are only Tuesday and "
                         "Thursday from 15:00, and we need a ticket in the CAU of Sistemas two days before.", "fact")
    s.bash("git log v1.3.2..HEAD --pretty='%h %s' --no-merges", dur=(1, 2), out="""\
9f3e2a1 perf: Mis expedientes filtered in SQL
7b21c0d feat: circuit retention 15 min + client reconnection 60x5s
c4d0e93 feat: número de expediente LO-AAAA/NNNNN
a18f5b2 feat: FechaLimite (registro + 3 meses)
3e9c7f4 fix: typo en plantilla de requerimiento
""")
    s.write("docs/releases/1.4.0.md", """# PermitDesk 1.4.0

## Novedades
- Número de expediente legible: `LO-2026/00045` (tipo, año, 5 dígitos; se reinicia cada año).
- Fecha límite de resolución (registro + 3 meses) en cada expediente.

## Mejoras
- Las tabletas de inspección toleran cortes de cobertura: reintento durante 5 minutos y el servidor conserva la sesión 15 minutos.
- "Mis expedientes" carga mucho más rápido (filtrado en base de datos).

## Correcciones
- Errata en la plantilla de requerimiento.

## Base de datos (DBA)
- Migraciones `AddFechaLimite` y `AddNumeroExpediente`: script idempotente en `deploy/migrate-1.4.0.sql`.
""")
    s.reply("Release notes are in `docs/releases/1.4.0.md` (in Spanish, as for the users), built from the 5 "
            "commits since `v1.3.2`, with a DBA section for the two migrations.")
    s.user("Muy bien, gracias!", "thanks")
    s.reply("De nada.")
    s.end()

    # ------------------------------------------------------------------ s2
    s = p.session("2026-11-05 07:28")
    e2a = s.user("Buenos días. I want tests of bUnit for the component FiltroExpedientes.razor: when you choose "
                 "an estado in the select, it calls OnFiltroChanged with that estado.", "task_start")
    s.read("src/PermitDesk.Web/Components/Shared/FiltroExpedientes.razor", """<MudStack Row="true" AlignItems="AlignItems.Center">
    <MudSelect T="EstadoExpediente?" Label="@L["Filtro.Estado"]" Value="_estado" ValueChanged="OnEstadoChanged" Clearable="true" Dense="true">
        @foreach (var e in Enum.GetValues<EstadoExpediente>())
        {
            <MudSelectItem T="EstadoExpediente?" Value="e">@L[$"Estado.{e}"]</MudSelectItem>
        }
    </MudSelect>
</MudStack>

@code {
    [Parameter] public EventCallback<EstadoExpediente?> OnFiltroChanged { get; set; }
    [Inject] private IStringLocalizer<SharedResources> L { get; set; } = default!;
    private EstadoExpediente? _estado;

    private async Task OnEstadoChanged(EstadoExpediente? e)
    {
        _estado = e;
        await OnFiltroChanged.InvokeAsync(e);
    }
}
""")
    s.write("tests/PermitDesk.Web.Tests/Shared/FiltroExpedientesTests.cs", """using Bunit;
using FluentAssertions;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Localization;
using MudBlazor;
using PermitDesk.Domain.Expedientes;
using PermitDesk.Web.Components.Shared;

namespace PermitDesk.Web.Tests.Shared;

public class FiltroExpedientesTests : TestContext
{
    public FiltroExpedientesTests()
    {
        Services.AddLocalization();
    }

    [Fact]
    public async Task Elegir_estado_llama_a_OnFiltroChanged()
    {
        EstadoExpediente? recibido = null;
        var cut = RenderComponent<FiltroExpedientes>(p => p
            .Add(x => x.OnFiltroChanged, (EstadoExpediente? e) => recibido = e));

        var select = cut.FindComponent<MudSelect<EstadoExpediente?>>();
        await cut.InvokeAsync(() => select.Instance.SelectOption(EstadoExpediente.EnRevision));

        recibido.Should().Be(EstadoExpediente.EnRevision);
    }
}
""")
    s.bash("dotnet test tests/PermitDesk.Web.Tests --filter FullyQualifiedName~FiltroExpedientes", dur=(30, 45), fail=(1, """\
  PermitDesk.Web.Tests -> /home/mruiz/src/permitdesk/tests/PermitDesk.Web.Tests/bin/Debug/net8.0/PermitDesk.Web.Tests.dll
Test run for /home/mruiz/src/permitdesk/tests/PermitDesk.Web.Tests/bin/Debug/net8.0/PermitDesk.Web.Tests.dll (.NETCoreApp,Version=v8.0)
[xUnit.net 00:00:00.71]     PermitDesk.Web.Tests.Shared.FiltroExpedientesTests.Elegir_estado_llama_a_OnFiltroChanged [FAIL]
  Failed PermitDesk.Web.Tests.Shared.FiltroExpedientesTests.Elegir_estado_llama_a_OnFiltroChanged [183 ms]
  Error Message:
   System.InvalidOperationException : Cannot provide a value for property 'KeyInterceptorFactory' on type 'MudBlazor.MudSelect`1[[System.Nullable`1[[PermitDesk.Domain.Expedientes.EstadoExpediente, PermitDesk.Domain]]]]'. There is no registered service of type 'MudBlazor.Services.IKeyInterceptorFactory'.
  Stack Trace:
     at Microsoft.AspNetCore.Components.ComponentFactory.<>c__DisplayClass9_0.<CreatePropertyInjector>g__Initialize|1(IServiceProvider serviceProvider, IComponent component)
     at Bunit.Rendering.TestRenderer.RenderFragmentInsideWrapper(RenderFragment renderFragment)

Failed!  - Failed:     1, Passed:     0, Skipped:     0, Total:     1, Duration: 183 ms - PermitDesk.Web.Tests.dll (net8.0)"""))
    s.say("MudBlazor components need their services registered and use JS interop; bUnit's strict JSInterop "
          "throws on unplanned calls. I'll add a shared base context for all MudBlazor component tests.")
    s.write("tests/PermitDesk.Web.Tests/MudTestContext.cs", """using Bunit;
using Microsoft.Extensions.DependencyInjection;
using MudBlazor;
using MudBlazor.Services;

namespace PermitDesk.Web.Tests;

/// <summary>Base for every test that renders MudBlazor components.</summary>
public abstract class MudTestContext : TestContext
{
    protected MudTestContext()
    {
        Services.AddMudServices();
        Services.AddLocalization();
        JSInterop.Mode = JSRuntimeMode.Loose;   // MudBlazor calls JS (popovers, key interceptor); don't fail on it
        RenderComponent<MudPopoverProvider>();  // selects/menus render their list inside the provider
    }
}
""")
    s.edit("tests/PermitDesk.Web.Tests/Shared/FiltroExpedientesTests.cs",
           "public class FiltroExpedientesTests : TestContext\n{\n    public FiltroExpedientesTests()\n    {\n        Services.AddLocalization();\n    }\n\n",
           "public class FiltroExpedientesTests : MudTestContext\n{\n", line=11)
    s.bash("dotnet test tests/PermitDesk.Web.Tests", dur=(30, 45),
           out="Passed!  - Failed:     0, Passed:    19, Skipped:     0, Total:    19, Duration: 1 s - PermitDesk.Web.Tests.dll (net8.0)\n")
    e2b = s.reply("Test added and green (19/19 in the Web tests). The first run failed because MudBlazor's services "
                  "weren't registered in the bUnit context. The fix is the new base class "
                  "`tests/PermitDesk.Web.Tests/MudTestContext.cs`: `Services.AddMudServices()`, "
                  "`JSInterop.Mode = JSRuntimeMode.Loose` (MudBlazor makes JS calls bUnit can't plan), and a "
                  "rendered `MudPopoverProvider` so selects can open. Every MudBlazor component test should "
                  "inherit from `MudTestContext` instead of `TestContext`.")

    R["format"] = s.user("Good. Before each git commit execute `dotnet format --verify-no-changes`; the pipeline of "
                         "Azure DevOps fails if the format is not correct and then I have to wait 20 minutes "
                         "again. Now commit this.", "preference")
    s.bash("dotnet format --verify-no-changes", dur=(20, 35), fail=(2, """\
/home/mruiz/src/permitdesk/tests/PermitDesk.Web.Tests/MudTestContext.cs(14,50): error WHITESPACE: Fix whitespace formatting. Replace 3 characters with '\\s'. [/home/mruiz/src/permitdesk/tests/PermitDesk.Web.Tests/PermitDesk.Web.Tests.csproj]
/home/mruiz/src/permitdesk/tests/PermitDesk.Web.Tests/MudTestContext.cs(15,48): error WHITESPACE: Fix whitespace formatting. Replace 2 characters with '\\s'. [/home/mruiz/src/permitdesk/tests/PermitDesk.Web.Tests/PermitDesk.Web.Tests.csproj]"""))
    s.bash("dotnet format && dotnet format --verify-no-changes && git add tests/PermitDesk.Web.Tests && git commit -qm \"test: bUnit FiltroExpedientes + MudTestContext\"",
           dur=(30, 45), out="")
    s.reply("`dotnet format` fixed two alignment issues in `MudTestContext.cs`. The verify run is clean, and "
            "it's committed.")

    s.user("Now in the form of new expediente add a button \"Guardar borrador\" that saves it with estado "
           "Borrador without validating everything.", "request")
    s.read("src/PermitDesk.Web/Components/Pages/Expedientes/NuevoExpediente.razor", """@page "/expedientes/nuevo"
@inject ExpedienteService Service
@inject NavigationManager Nav
@inject IStringLocalizer<SharedResources> L

<MudForm @ref="_form" Model="_model">
    <MudTextField @bind-Value="_model.Solicitante" Label="@L["Expediente.Solicitante"]" Required="true" />
    <MudTextField @bind-Value="_model.Dni" Label="@L["Expediente.Dni"]" Required="true" />
    <MudTextField @bind-Value="_model.Emplazamiento" Label="@L["Expediente.Emplazamiento"]" Required="true" />
    <MudNumericField @bind-Value="_model.Presupuesto" Label="@L["Expediente.Presupuesto"]" Format="N2" />
    <MudButton Color="Color.Primary" Variant="Variant.Filled" OnClick="Registrar">@L["Expediente.Registrar"]</MudButton>
</MudForm>
""", total=34, limit=12)
    s.edit("src/PermitDesk.Web/Components/Pages/Expedientes/NuevoExpediente.razor",
           "    <MudButton Color=\"Color.Primary\" Variant=\"Variant.Filled\" OnClick=\"Registrar\">@L[\"Expediente.Registrar\"]</MudButton>",
           "    <MudButton Color=\"Color.Primary\" Variant=\"Variant.Filled\" OnClick=\"Registrar\">@L[\"Expediente.Registrar\"]</MudButton>\n"
           "    <MudButton Variant=\"Variant.Outlined\" OnClick=\"GuardarBorrador\">Guardar borrador</MudButton>", line=11)
    s.edit("src/PermitDesk.Web/Components/Pages/Expedientes/NuevoExpediente.razor",
           "@code {\n",
           "@code {\n    [Inject] private IPermitDeskDb Db { get; set; } = default!;\n    [Inject] private TimeProvider Time { get; set; } = default!;\n\n"
           "    private async Task GuardarBorrador()\n    {\n"
           "        var e = new Expediente\n        {\n            Estado = EstadoExpediente.Borrador,\n"
           "            Tipo = _model.Tipo,\n            FechaRegistro = Time.GetLocalNow().DateTime,\n"
           "            Solicitante = _model.Solicitante ?? \"\",\n            DniSolicitante = _model.Dni ?? \"\",\n"
           "            Emplazamiento = _model.Emplazamiento ?? \"\",\n            Presupuesto = _model.Presupuesto,\n        };\n"
           "        Db.Expedientes.Add(e);\n        await Db.SaveChangesAsync();\n        Nav.NavigateTo($\"/expedientes/{e.Id}\");\n    }\n\n", line=14)
    s.reply("Added **Guardar borrador** next to Registrar. It skips form validation, saves the expediente with "
            "`Estado = Borrador`, and navigates to its page.")
    C["service"] = s.user("No, the logic is not in the .razor, and the component never touches the DbContext. "
                          "It goes in ExpedienteService in PermitDesk.Application, the component only calls the "
                          "service.", "correction")
    s.edit("src/PermitDesk.Application/Expedientes/ExpedienteService.cs",
           "    public async Task<int> RegistrarAsync(NuevoExpedienteDto dto, CancellationToken ct)",
           "    public async Task<int> GuardarBorradorAsync(NuevoExpedienteDto dto, CancellationToken ct)\n    {\n"
           "        var e = new Expediente\n        {\n            Estado = EstadoExpediente.Borrador,\n            Tipo = dto.Tipo,\n"
           "            FechaRegistro = time.GetLocalNow().DateTime,\n            Solicitante = dto.Solicitante ?? \"\",\n"
           "            DniSolicitante = dto.Dni ?? \"\",\n            Emplazamiento = dto.Emplazamiento ?? \"\",\n"
           "            Presupuesto = dto.Presupuesto,\n        };\n        db.Expedientes.Add(e);\n"
           "        await db.SaveChangesAsync(ct);\n        return e.Id;\n    }\n\n"
           "    public async Task<int> RegistrarAsync(NuevoExpedienteDto dto, CancellationToken ct)", line=9)
    s.edit("src/PermitDesk.Web/Components/Pages/Expedientes/NuevoExpediente.razor",
           "    [Inject] private IPermitDeskDb Db { get; set; } = default!;\n    [Inject] private TimeProvider Time { get; set; } = default!;\n\n"
           "    private async Task GuardarBorrador()\n    {\n"
           "        var e = new Expediente\n        {\n            Estado = EstadoExpediente.Borrador,\n"
           "            Tipo = _model.Tipo,\n            FechaRegistro = Time.GetLocalNow().DateTime,\n"
           "            Solicitante = _model.Solicitante ?? \"\",\n            DniSolicitante = _model.Dni ?? \"\",\n"
           "            Emplazamiento = _model.Emplazamiento ?? \"\",\n            Presupuesto = _model.Presupuesto,\n        };\n"
           "        Db.Expedientes.Add(e);\n        await Db.SaveChangesAsync();\n        Nav.NavigateTo($\"/expedientes/{e.Id}\");\n    }\n",
           "    private async Task GuardarBorrador()\n    {\n"
           "        var id = await Service.GuardarBorradorAsync(_model, _cts.Token);\n        Nav.NavigateTo($\"/expedientes/{id}\");\n    }\n", line=15)
    s.reply("Moved it: `ExpedienteService.GuardarBorradorAsync(dto, ct)` in PermitDesk.Application does the "
            "work, and the component only calls it and navigates. No `IPermitDeskDb` in the .razor anymore.")
    C["resx"] = s.user("And the text of the button. Like this:\n\n```razor\n<MudButton Variant=\"Variant.Outlined\" "
                       "OnClick=\"GuardarBorrador\">@L[\"Expediente.GuardarBorrador\"]</MudButton>\n```\n\nand the "
                       "two resx, castellano and valenciano.", "correction")
    s.edit("src/PermitDesk.Web/Components/Pages/Expedientes/NuevoExpediente.razor",
           "OnClick=\"GuardarBorrador\">Guardar borrador</MudButton>",
           "OnClick=\"GuardarBorrador\">@L[\"Expediente.GuardarBorrador\"]</MudButton>", line=12)
    s.edit("src/PermitDesk.Application/Resources/SharedResources.es-ES.resx",
           "  <data name=\"Expediente.Registrar\" xml:space=\"preserve\">\n    <value>Registrar</value>\n  </data>",
           "  <data name=\"Expediente.Registrar\" xml:space=\"preserve\">\n    <value>Registrar</value>\n  </data>\n"
           "  <data name=\"Expediente.GuardarBorrador\" xml:space=\"preserve\">\n    <value>Guardar borrador</value>\n  </data>", line=88)
    s.edit("src/PermitDesk.Application/Resources/SharedResources.ca-ES-valencia.resx",
           "  <data name=\"Expediente.Registrar\" xml:space=\"preserve\">\n    <value>Registrar</value>\n  </data>",
           "  <data name=\"Expediente.Registrar\" xml:space=\"preserve\">\n    <value>Registrar</value>\n  </data>\n"
           "  <data name=\"Expediente.GuardarBorrador\" xml:space=\"preserve\">\n    <value>Guardar esborrany</value>\n  </data>", line=88)
    s.reply("Done: the button uses `@L[\"Expediente.GuardarBorrador\"]`, with \"Guardar borrador\" in "
            "`SharedResources.es-ES.resx` and \"Guardar esborrany\" in `SharedResources.ca-ES-valencia.resx`.")

    q_mud = s.user("Question: the list of the Registro will have like 30.000 rows. Does the MudDataGrid of our "
                   "version support virtualization, or we need server paging?", "question")
    s.grep("MudBlazor", ["src/PermitDesk.Web/PermitDesk.Web.csproj"], path="src/PermitDesk.Web",
           content="src/PermitDesk.Web/PermitDesk.Web.csproj:14:    <PackageReference Include=\"MudBlazor\" Version=\"6.11.2\" />")
    s.reply("You're on MudBlazor **6.11.2**. `MudDataGrid` there has `Virtualize=\"true\"`, but it virtualizes "
            "*rendering* only: all 30,000 rows would still be loaded into the circuit's memory, once per user. "
            "For that size use **server paging** with `ServerData`, so the grid asks for one page (sorted and "
            "filtered) at a time and the query runs in SQL.")

    q_tab = s.user("The reconnection: I want that the inspector sees a small banner on top \"Sin conexión, "
                   "reintentando…\" instead of the grey modal of Blazor, and that the form of inspección does "
                   "not lose what he wrote.", "request")
    s.write("src/PermitDesk.Web/wwwroot/js/reconexion.js", """// Replaces Blazor's default reconnect modal with a small banner.
export function registrar() {
  const banner = document.getElementById('banner-reconexion');
  Blazor.defaultReconnectionHandler._reconnectionDisplay = {
    show: () => banner.classList.add('visible'),
    hide: () => banner.classList.remove('visible'),
    failed: () => { banner.textContent = banner.dataset.fallo; },
    rejected: () => location.reload(),
  };
}

// Draft persistence for long forms: values survive a lost circuit.
export function guardarBorrador(clave, json) { localStorage.setItem(clave, json); }
export function leerBorrador(clave) { return localStorage.getItem(clave); }
export function borrarBorrador(clave) { localStorage.removeItem(clave); }
""")
    s.edit("src/PermitDesk.Web/Components/App.razor",
           "<body>\n",
           "<body>\n    <div id=\"banner-reconexion\" class=\"banner-reconexion\" data-fallo=\"Sin conexión. Recargue la página.\">Sin conexión, reintentando…</div>\n", line=9)
    s.reply("Added `wwwroot/js/reconexion.js`. It swaps Blazor's grey modal for a thin banner (\"Sin conexión, "
            "reintentando…\") and provides `localStorage` helpers for drafts. The form wiring (debounced save "
            "of the inspection draft, restore on load) goes into the inspection form component. Want me to "
            "do that now?")
    T["obs"] = s.user("Tomorrow. Ah, and next time that we touch InspeccionForm.razor: the field Observaciones "
                      "must accept 2000 characters, not 500. The inspectors write a lot and it cuts.", "trigger")
    s.reply("Noted: next time `InspeccionForm.razor` is edited, raise Observaciones from 500 to 2000 characters "
            "(the `MaxLength`/`Counter` in the form and the column length in the configuration, with a migration).")
    s.user("Today is the fiesta of my pueblo, I go early. Hasta el lunes!", "chatter")
    s.reply("¡Que disfrutes la fiesta!")
    s.end()

    # ------------------------------------------------------------------ s3
    s = p.session("2026-11-11 07:36")
    F["pre2"] = s.user("Buenos días. Sistemas moved the database of pre during the weekend: now it is "
                       "SQLPRE02\\INST2, same name PermitDesk_Pre. SQLPRE01 will be switched off in December. "
                       "Update the appsettings.Development.json and check that the app connects.", "fact")
    s.edit("src/PermitDesk.Web/appsettings.Development.json",
           "\"Server=SQLPRE01;Database=PermitDesk_Pre;",
           "\"Server=SQLPRE02\\\\INST2;Database=PermitDesk_Pre;", line=3)
    s.say("Checking connectivity and that the new instance has the schema up to date.")
    dbu_break = s.bash("dotnet ef database update --project src/PermitDesk.Infrastructure --startup-project src/PermitDesk.Web",
                       dur=(20, 35), out="""Build started...
Build succeeded.
Applying migration '20261019065212_AddFechaLimite'.
Applying migration '20261019081907_AddNumeroExpediente'.
Done.
""")
    C["dbupdate"] = s.user("¡PARA! database update no!! I told you, the DBA does it with the script. Now the history "
                           "of pre is different from what he has prepared. 🤦", "correction")
    s.bash("sqlcmd -S 'SQLPRE02\\INST2' -d PermitDesk_Pre -G -Q \"SET NOCOUNT ON; SELECT TOP 3 MigrationId, ProductVersion FROM __EFMigrationsHistory ORDER BY MigrationId DESC\" -W",
           dur=(2, 4), out="MigrationId ProductVersion\n----------- --------------\n20261019081907_AddNumeroExpediente 8.0.10\n20261019065212_AddFechaLimite 8.0.10\n20261002110431_AddDocumentosJson 8.0.10\n")
    s.reply("I'm sorry, I shouldn't have run that. Exactly two migrations were applied to `PermitDesk_Pre` on "
            "SQLPRE02\\INST2: `AddFechaLimite` and `AddNumeroExpediente` (see `__EFMigrationsHistory` above). "
            "The DBA's idempotent script checks `__EFMigrationsHistory` before each block, so running it now "
            "skips those two without errors. Tell him they're already applied on pre. The connection itself "
            "works.")

    t1_fire = s.user("EF Core 8.0.11 is published. Update the packages of EF in all the projects.", "request")
    s.bash("grep -rn 'Microsoft.EntityFrameworkCore' --include=*.csproj src tests | sed 's/^.*Include=//'", dur=(1, 2),
           out="\"Microsoft.EntityFrameworkCore.SqlServer\" Version=\"8.0.10\" />\n\"Microsoft.EntityFrameworkCore.Design\" Version=\"8.0.10\">\n"
               "\"Microsoft.EntityFrameworkCore\" Version=\"8.0.10\" />\n\"Microsoft.EntityFrameworkCore.InMemory\" Version=\"8.0.10\" />\n")
    s.bash("sed -i 's/\\(Microsoft.EntityFrameworkCore[A-Za-z.]*\" Version=\"\\)8.0.10/\\18.0.11/' src/*/*.csproj tests/*/*.csproj && dotnet tool update dotnet-ef --version 8.0.11 && dotnet build -v q && dotnet test -v q",
           dur=(70, 110), out="Tool 'dotnet-ef' was successfully updated from version '8.0.10' to version '8.0.11'.\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)\n"
                              "Passed!  - Failed:     0, Passed:    48, Skipped:     0, Total:    48, Duration: 1 s - PermitDesk.Application.Tests.dll (net8.0)\n"
                              "Passed!  - Failed:     0, Passed:    19, Skipped:     0, Total:    19, Duration: 1 s - PermitDesk.Web.Tests.dll (net8.0)\n")
    s.reply("All EF Core packages (SqlServer, Design, core, InMemory) are on **8.0.11**, and so is the "
            "`dotnet-ef` tool. The build is clean and all 67 tests pass.")

    s.user("Now the page Registro: all the expedientes in a MudDataGrid with sort, filter by estado and paging.",
           "request")
    s.write("src/PermitDesk.Web/Components/Pages/Registro.razor", """@page "/registro"
@inject ExpedienteQueries Queries
@inject IStringLocalizer<SharedResources> L

<MudDataGrid T="ExpedienteListDto" Items="@_expedientes" SortMode="SortMode.Single" Filterable="true"
             Dense="true" Hover="true" RowsPerPage="50">
    <Columns>
        <PropertyColumn Property="x => x.Numero" Title="@L["Expediente.Numero"]" />
        <PropertyColumn Property="x => x.Emplazamiento" Title="@L["Expediente.Emplazamiento"]" />
        <PropertyColumn Property="x => x.Estado" Title="@L["Expediente.Estado"]" />
        <PropertyColumn Property="x => x.FechaLimite" Title="@L["Expediente.FechaLimite"]" Format="dd/MM/yyyy" />
    </Columns>
    <PagerContent><MudDataGridPager T="ExpedienteListDto" /></PagerContent>
</MudDataGrid>

@code {
    private List<ExpedienteListDto> _expedientes = [];

    protected override async Task OnInitializedAsync() =>
        _expedientes = await Queries.TodosAsync(CancellationToken.None);
}
""", kind="update")
    s.reply("`/registro` now shows a `MudDataGrid` with single-column sort, column filters (including Estado), "
            "and a pager of 50 rows, loaded through `ExpedienteQueries.TodosAsync`.")
    C["serverdata"] = s.user("No. Like this:\n\n```razor\n<MudDataGrid T=\"ExpedienteListDto\" "
                             "ServerData=\"CargarPagina\" ...>\n```\n\nwith the query in ExpedienteQueries "
                             "receiving the GridState.", "correction")
    s.edit("src/PermitDesk.Web/Components/Pages/Registro.razor",
           "<MudDataGrid T=\"ExpedienteListDto\" Items=\"@_expedientes\" SortMode=\"SortMode.Single\" Filterable=\"true\"",
           "<MudDataGrid T=\"ExpedienteListDto\" ServerData=\"CargarPagina\" SortMode=\"SortMode.Single\" Filterable=\"true\"", line=5)
    s.edit("src/PermitDesk.Web/Components/Pages/Registro.razor",
           "    private List<ExpedienteListDto> _expedientes = [];\n\n    protected override async Task OnInitializedAsync() =>\n"
           "        _expedientes = await Queries.TodosAsync(CancellationToken.None);",
           "    private Task<GridData<ExpedienteListDto>> CargarPagina(GridState<ExpedienteListDto> state) =>\n"
           "        Queries.PaginaRegistroAsync(state, CancellationToken.None);", line=18)
    s.write("src/PermitDesk.Application/Expedientes/ExpedienteQueries.Registro.cs", """using MudBlazor;

namespace PermitDesk.Application.Expedientes;

public partial class ExpedienteQueries
{
    public async Task<GridData<ExpedienteListDto>> PaginaRegistroAsync(GridState<ExpedienteListDto> s, CancellationToken ct)
    {
        var q = db.Expedientes.AsNoTracking().Select(ExpedienteListDto.Projection);

        foreach (var f in s.FilterDefinitions.Where(f => f.Column?.PropertyName == nameof(ExpedienteListDto.Estado) && f.Value is not null))
            q = q.Where(x => x.Estado == (EstadoExpediente)f.Value!);

        var sort = s.SortDefinitions.FirstOrDefault();
        q = (sort?.SortBy, sort?.Descending) switch
        {
            (nameof(ExpedienteListDto.Numero), true) => q.OrderByDescending(x => x.Numero),
            (nameof(ExpedienteListDto.Numero), _) => q.OrderBy(x => x.Numero),
            (nameof(ExpedienteListDto.FechaLimite), true) => q.OrderByDescending(x => x.FechaLimite),
            _ => q.OrderBy(x => x.FechaLimite),
        };

        var total = await q.CountAsync(ct);
        var items = await q.Skip(s.Page * s.PageSize).Take(s.PageSize).ToListAsync(ct);
        return new GridData<ExpedienteListDto> { Items = items, TotalItems = total };
    }
}
""")
    s.reply("Switched to `ServerData=\"CargarPagina\"`. `ExpedienteQueries.PaginaRegistroAsync(GridState, ct)` "
            "applies the Estado filter and the sort in SQL, counts, and returns one page (`Skip/Take`), with "
            "`AsNoTracking` and the list projection. Only 50 rows are in memory at a time.")

    s.user("The report of licencias per month for the Pleno is slow, 12 seconds. It is the GroupBy of EF in "
           "InformeService. Any idea?", "question")
    s.read("src/PermitDesk.Application/Informes/InformeService.cs", """    public async Task<List<LicenciasMesDto>> LicenciasPorMesAsync(int anio, CancellationToken ct)
    {
        var expedientes = await db.Expedientes
            .Where(e => e.FechaRegistro.Year == anio)
            .Include(e => e.Documentos)
            .ToListAsync(ct);
        return expedientes
            .GroupBy(e => new { e.FechaRegistro.Month, e.Tipo, e.Estado })
            .Select(g => new LicenciasMesDto(g.Key.Month, g.Key.Tipo, g.Key.Estado, g.Count(), g.Sum(x => x.Presupuesto)))
            .ToList();
    }""", start=14, total=41)
    rp2 = s.reply("The `GroupBy` runs in memory: it loads every expediente of the year **with its documents** "
                  "and groups afterwards. Two ways:\n1. Keep EF and move the `GroupBy` before materializing "
                  "(no `Include`). EF Core 8 translates `GroupBy(...).Select(g => new { g.Key..., Count(), "
                  "Sum() })` to SQL `GROUP BY`.\n2. Use **Dapper** for reports: a hand-written SQL query with a "
                  "`GROUP BY MONTH(FechaRegistro)`, mapped straight to the DTO. Fastest and most explicit, and "
                  "a common split (EF for writes, Dapper for read-heavy reports).")
    s.user("No Dapper. In this solution only EF, one way to access the data, the juniors already have enough. "
           "Do the 1.", "preference")
    s.edit("src/PermitDesk.Application/Informes/InformeService.cs",
           "        var expedientes = await db.Expedientes\n            .Where(e => e.FechaRegistro.Year == anio)\n"
           "            .Include(e => e.Documentos)\n            .ToListAsync(ct);\n        return expedientes\n"
           "            .GroupBy(e => new { e.FechaRegistro.Month, e.Tipo, e.Estado })\n"
           "            .Select(g => new LicenciasMesDto(g.Key.Month, g.Key.Tipo, g.Key.Estado, g.Count(), g.Sum(x => x.Presupuesto)))\n"
           "            .ToList();",
           "        var desde = new DateTime(anio, 1, 1);\n        var hasta = desde.AddYears(1);\n"
           "        return await db.Expedientes\n            .Where(e => e.FechaRegistro >= desde && e.FechaRegistro < hasta)   // sargable, uses IX_Expedientes_FechaRegistro\n"
           "            .GroupBy(e => new { e.FechaRegistro.Month, e.Tipo, e.Estado })\n"
           "            .Select(g => new LicenciasMesDto(g.Key.Month, g.Key.Tipo, g.Key.Estado, g.Count(), g.Sum(x => x.Presupuesto)))\n"
           "            .ToListAsync(ct);", line=16)
    s.bash("dotnet test tests/PermitDesk.Application.Tests --filter FullyQualifiedName~Informe -v q", dur=(20, 30),
           out="Passed!  - Failed:     0, Passed:     4, Skipped:     0, Total:     4, Duration: 388 ms - PermitDesk.Application.Tests.dll (net8.0)\n")
    s.reply("Done with EF only: the `GroupBy` + `Count`/`Sum` now translate to one SQL `GROUP BY`, with no "
            "`Include`, and the year filter is a date range so it can use the `FechaRegistro` index. The "
            "report tests pass.")

    s.compact("manual", "keep: registro grid ServerData, informe GroupBy in SQL, EF 8.0.11, SQLPRE02 change")
    s.user("Commit and push all to the branch feature/registro-grid.", "request")
    fmt_break = s.bash("git checkout -qb feature/registro-grid && git add -A && git commit -qm \"feat: Registro con ServerData, informe mensual en SQL, EF 8.0.11, SQLPRE02\" && git push -qu origin feature/registro-grid",
                       dur=(3, 6), out="")
    s.wait(900)
    s.mcp("mcp__azure_devops__get_build_status", {"project": "PermitDesk", "definition": "permitdesk-ci", "branch": "refs/heads/feature/registro-grid"},
          "Build 20261111.4 (permitdesk-ci) — result: failed\nFailed step: 'dotnet format --verify-no-changes'\n"
          "##[error]src/PermitDesk.Application/Expedientes/ExpedienteQueries.Registro.cs(13,1): error WHITESPACE: Fix whitespace formatting.\n"
          "##[error]src/PermitDesk.Application/Informes/InformeService.cs(20,82): error WHITESPACE: Fix whitespace formatting.")
    s.bash("dotnet format && dotnet format --verify-no-changes && git commit -qam \"style: dotnet format\" && git push -q", dur=(30, 45), out="")
    s.reply("Pushed `feature/registro-grid`. The first CI run (20261111.4) failed on the `dotnet format` step "
            "(two whitespace issues), so I ran `dotnet format` and pushed a style commit. The new run is queued.")

    q_deploy = s.user("Can we deploy this to production today in the afternoon? The concejal wants to see the "
                      "Registro tomorrow.", "question")
    s.reply("Technically yes. The branch needs review and a merge, then the release pipeline, and the DBA "
            "script has no new migrations in this change. But I don't know your production change window or "
            "approval process. If there's a fixed deployment slot or a ticket you need with Sistemas, that "
            "decides it.")
    s.user("Ok. Gracias, enough for today.", "thanks")
    s.reply("¡Hasta luego!")
    s.end()

    # ------------------------------------------------------------------ s4
    s = p.session("2026-11-18 07:31")
    F["mud7"] = s.user("Buenos días. I upgraded MudBlazor to 7.8.0 in the branch chore/mudblazor7 because the 6 "
                       "has no more support. There are many breaking changes, it does not compile. Fix what you "
                       "can.", "fact")
    s.bash("git checkout -q chore/mudblazor7 && dotnet build -v q 2>&1 | grep -E 'error' | sort -u | head -20", dur=(30, 50), out="""\
src/PermitDesk.Web/Components/Pages/Expedientes/DetalleExpediente.razor(42,13): error RZ10001: The type of component 'MudChip' cannot be inferred based on the values provided. Consider specifying the type arguments directly using the following attributes: 'T'.
src/PermitDesk.Web/Components/Shared/ConfirmarDialog.razor.cs(18,13): error CS8852: Init-only property or indexer 'DialogOptions.CloseButton' can only be assigned in an object initializer, or on 'this' or 'base' in an instance constructor or a 'with' expression.
src/PermitDesk.Web/Components/Shared/ConfirmarDialog.razor.cs(19,13): error CS8852: Init-only property or indexer 'DialogOptions.MaxWidth' can only be assigned in an object initializer, or on 'this' or 'base' in an instance constructor or a 'with' expression.
src/PermitDesk.Web/Components/Layout/MainLayout.razor(9,5): warning MUD0002: Illegal Attribute 'DisableGutters' on 'MudAppBar' using pattern 'LowerCase' source location '(9,5)'
src/PermitDesk.Web/Components/Pages/Inspecciones/MisExpedientes.razor(21,44): warning MUD0002: Illegal Attribute 'IsEnabled' on 'MudTooltip'
""")
    s.edit("src/PermitDesk.Web/Components/Pages/Expedientes/DetalleExpediente.razor",
           "            <MudChip Color=\"@ColorEstado(_exp.Estado)\" Size=\"Size.Small\">@L[$\"Estado.{_exp.Estado}\"]</MudChip>",
           "            <MudChip T=\"string\" Color=\"@ColorEstado(_exp.Estado)\" Size=\"Size.Small\">@L[$\"Estado.{_exp.Estado}\"]</MudChip>", line=42)
    s.edit("src/PermitDesk.Web/Components/Shared/ConfirmarDialog.razor.cs",
           "        var options = new DialogOptions();\n        options.CloseButton = true;\n        options.MaxWidth = MaxWidth.Small;",
           "        var options = new DialogOptions { CloseButton = true, MaxWidth = MaxWidth.Small };", line=17)
    s.edit("src/PermitDesk.Web/Components/Layout/MainLayout.razor", "<MudAppBar Elevation=\"1\" DisableGutters=\"true\">",
           "<MudAppBar Elevation=\"1\" Gutters=\"false\">", line=9)
    s.edit("src/PermitDesk.Web/Components/Pages/Inspecciones/MisExpedientes.razor", "IsEnabled=\"@_mostrarAyuda\"",
           "Visible=\"@_mostrarAyuda\"", line=21)
    s.bash("dotnet build -v q && dotnet test -v q", dur=(60, 90), out="Build succeeded.\n    0 Warning(s)\n    0 Error(s)\n"
           "Passed!  - Failed:     0, Passed:    48, Skipped:     0, Total:    48 - PermitDesk.Application.Tests.dll (net8.0)\n"
           "Passed!  - Failed:     0, Passed:    19, Skipped:     0, Total:    19 - PermitDesk.Web.Tests.dll (net8.0)\n")
    s.reply("It compiles on MudBlazor 7.8.0, with no MUD0002 analyzer warnings and all tests passing. Changes:\n"
            "- `MudChip` is generic in v7, so I added `T=\"string\"`\n- `DialogOptions` properties are "
            "init-only now, so I use an object initializer\n- `MudAppBar DisableGutters` → `Gutters=\"false\"`\n- "
            "`MudTooltip IsEnabled` → `Visible`\n\nCheck visually: v7 changed some default paddings and the "
            "popover positioning.")

    e1r = s.user("Vale. Now add to the Inspeccion the GPS coordinates (Latitud, Longitud) that the tablet "
                 "sends, with the migration, and show them in the form of the inspección with a link to the map.",
                 "task_start")
    s.edit("src/PermitDesk.Domain/Inspecciones/Inspeccion.cs",
           "    public string? Observaciones { get; set; }\n",
           "    public string? Observaciones { get; set; }\n    public double? Latitud { get; set; }\n    public double? Longitud { get; set; }\n", line=12)
    t2_fire = s.read("src/PermitDesk.Web/Components/Pages/Inspecciones/InspeccionForm.razor", """<MudForm @ref="_form" Model="_model">
    <MudDatePicker @bind-Date="_model.Fecha" Label="@L["Inspeccion.Fecha"]" />
    <MudSelect T="ResultadoInspeccion" @bind-Value="_model.Resultado" Label="@L["Inspeccion.Resultado"]" />
    <MudTextField @bind-Value="_model.Observaciones" Label="@L["Inspeccion.Observaciones"]"
                  Lines="6" MaxLength="500" Counter="500" />
    <MudButton Color="Color.Primary" OnClick="Guardar">@L["Comun.Guardar"]</MudButton>
</MudForm>
""", total=61, limit=7)
    s.edit("src/PermitDesk.Web/Components/Pages/Inspecciones/InspeccionForm.razor",
           "                  Lines=\"6\" MaxLength=\"500\" Counter=\"500\" />\n",
           "                  Lines=\"6\" MaxLength=\"500\" Counter=\"500\" />\n"
           "    @if (_model.Latitud is double lat && _model.Longitud is double lon)\n    {\n"
           "        <MudLink Href=\"@($\"https://www.openstreetmap.org/?mlat={lat.ToString(CultureInfo.InvariantCulture)}&mlon={lon.ToString(CultureInfo.InvariantCulture)}#map=19/{lat.ToString(CultureInfo.InvariantCulture)}/{lon.ToString(CultureInfo.InvariantCulture)}\")\" Target=\"_blank\">\n"
           "            @L[\"Inspeccion.VerMapa\"] (@lat.ToString(\"F5\"), @lon.ToString(\"F5\"))\n        </MudLink>\n    }\n", line=5)
    s.bash("dotnet ef migrations add AddCoordenadasInspeccion --project src/PermitDesk.Infrastructure", dur=(20, 30),
           fail=(1, EF_NO_STARTUP))
    s.bash("dotnet ef migrations add AddCoordenadasInspeccion --project src/PermitDesk.Infrastructure --startup-project src/PermitDesk.Web",
           dur=(20, 35), out="Build started...\nBuild succeeded.\nDone. To undo this action, use 'ef migrations remove'\n")
    s.read("src/PermitDesk.Infrastructure/Migrations/20261118074410_AddCoordenadasInspeccion.cs", """    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.AlterColumn<string>(
            name: "Numero",
            table: "Expedientes",
            type: "nvarchar(20)",
            maxLength: 20,
            nullable: false,
            oldClrType: typeof(string),
            oldType: "nvarchar(max)");

        migrationBuilder.AddColumn<double>(
            name: "Latitud",
            table: "Inspecciones",
            type: "float",
            nullable: true);

        migrationBuilder.AddColumn<double>(
            name: "Longitud",
            table: "Inspecciones",
            type: "float",
            nullable: true);
    }""", start=10, total=58)
    s.say("The migration also picked up an unrelated `AlterColumn` on `Expedientes.Numero` (someone's model "
          "change without a migration). I'll drop that hunk so this migration only has the coordinates.")
    mig_break = s.edit("src/PermitDesk.Infrastructure/Migrations/20261118074410_AddCoordenadasInspeccion.cs",
                       "        migrationBuilder.AlterColumn<string>(\n            name: \"Numero\",\n            table: \"Expedientes\",\n"
                       "            type: \"nvarchar(20)\",\n            maxLength: 20,\n            nullable: false,\n"
                       "            oldClrType: typeof(string),\n            oldType: \"nvarchar(max)\");\n\n", "", line=12)
    s.bash("dotnet build -v q", dur=(25, 40), out="Build succeeded.\n    0 Warning(s)\n    0 Error(s)\n")
    s.reply("Coordinates added:\n- `Inspeccion.Latitud` / `Longitud` (`double?`, SQL `float`)\n- the inspection "
            "form shows \"Ver en el mapa (lat, lon)\" with an OpenStreetMap link when both are present\n- migration "
            "`20261118074410_AddCoordenadasInspeccion`\n\nThe first `migrations add` failed for lack of "
            "`--startup-project src/PermitDesk.Web`. The generated migration also included an unrelated "
            "`AlterColumn` for `Expedientes.Numero` → `nvarchar(20)` (the model has `HasMaxLength(20)` but no "
            "migration for it), and I removed that block from the file. It should get its own migration.")

    q_num = s.user("For the licencias de actividad that start in January: which number will have the first "
                   "expediente of 2027? The registro wants to print the labels.", "question")
    s.grep("Prefijo", ["src/PermitDesk.Domain/Expedientes/TipoLicencia.cs"], path="src/PermitDesk.Domain",
           content="src/PermitDesk.Domain/Expedientes/TipoLicencia.cs:9:    public static string Prefijo(this TipoLicencia t) => t switch { TipoLicencia.Obra => \"LO\", _ => throw new ArgumentOutOfRangeException(nameof(t)) };")
    s.reply("Right now there's no activity license type: `TipoLicencia.Prefijo()` only knows `Obra` → `LO`, "
            "and any other type throws. Once a `TipoLicencia.Actividad` is added with its prefix, the counter "
            "starts at 1 for each type and year, so the first one of 2027 would be `<PREFIX>-2027/00001`. "
            "What prefix should activity licenses use?")

    q_gar = s.user("The inspectors say: when they go into a garage (no coverage) for 20 minutes and come out, "
                   "the form is empty again, even with the banner. Why, if we did the reconnection?",
                   "question")
    s.grep("DisconnectedCircuitRetentionPeriod|maxRetries", ["src/PermitDesk.Web/Program.cs", "src/PermitDesk.Web/Components/App.razor"],
           path="src/PermitDesk.Web", content="src/PermitDesk.Web/Program.cs:16:        o.DisconnectedCircuitRetentionPeriod = TimeSpan.FromMinutes(15);\n"
                                              "src/PermitDesk.Web/Components/App.razor:16:                reconnectionOptions: { maxRetries: 60, retryIntervalMilliseconds: 5000 }")
    s.reply("Twenty minutes is past both limits: the client gives up after 60 × 5 s = **5 min**, and the server "
            "drops a disconnected circuit after **15 min**. After that, the state in the circuit is gone. "
            "Reconnection can never cover a long outage; only the `localStorage` draft can. The draft helpers "
            "exist in `reconexion.js`, but `InspeccionForm` doesn't use them yet: no debounced save, no "
            "restore on load. That's the missing piece. I'd also make the banner say the draft is saved "
            "locally so they don't panic.")

    s.user("And this one, in the log of IIS of production since yesterday, maybe 20 times. Is it "
           "something of the last deploy or it was before? Nobody complained.\n\n```\n"
           "2026-11-17 12:41:07.331 +01:00 [ERR] Unhandled exception in circuit 'hX2pQ…'.\n"
           "System.InvalidOperationException: A second operation was started on this context instance before "
           "a previous operation completed. This is usually caused by different threads concurrently using the "
           "same instance of DbContext. For more information on how to avoid threading issues with DbContext, "
           "see https://go.microsoft.com/fwlink/?linkid=2097913.\n"
           "   at Microsoft.EntityFrameworkCore.Infrastructure.Internal.ConcurrencyDetector.EnterCriticalSection()\n"
           "   at Microsoft.EntityFrameworkCore.Query.Internal.SingleQueryingEnumerable`1.AsyncEnumerator.MoveNextAsync()\n"
           "   at Microsoft.EntityFrameworkCore.EntityFrameworkQueryableExtensions.ToListAsync[TSource](IQueryable`1 source, CancellationToken cancellationToken)\n"
           "   at PermitDesk.Application.Expedientes.ExpedienteQueries.DeInspectorAsync(Int32 inspectorId, CancellationToken ct)\n"
           "   at PermitDesk.Web.Components.Pages.Inspecciones.MisExpedientes.OnParametersSetAsync()\n"
           "   at Microsoft.AspNetCore.Components.ComponentBase.RunInitAndSetParametersAsync()\n"
           "   at PermitDesk.Web.Components.Shared.ContadorPendientes.OnInitializedAsync()\n"
           "```", "question")
    s.grep("AddDbContext|AddDbContextFactory", ["src/PermitDesk.Infrastructure/DependencyInjection.cs"],
           path="src/PermitDesk.Infrastructure",
           content="src/PermitDesk.Infrastructure/DependencyInjection.cs:21:        services.AddDbContext<PermitDeskDbContext>(o => o.UseSqlServer(cfg.GetConnectionString(\"PermitDesk\")));")
    s.bash("git log --oneline -3 -- src/PermitDesk.Application/Expedientes/ExpedienteQueries.cs && git tag --contains 9f3e2a1 | head -2",
           dur=(1, 2), out="9f3e2a1 perf: Mis expedientes filtered in SQL\n2be71c4 feat: contador de pendientes en el menú\n81d0a9e init\nv1.4.0\nv1.5.0\n")
    s.reply("It came with a deploy, though not the last one: `9f3e2a1` (in v1.4.0) made `DeInspectorAsync` "
            "truly async. The `DbContext` is registered with `AddDbContext`, so it's **scoped**, and in "
            "Blazor Server that means one instance per circuit. `MisExpedientes` and the `ContadorPendientes` "
            "badge in the layout both query when the page loads. Now that the calls are async, they can "
            "overlap on the same context. The standard fix for Blazor Server: register `AddDbContextFactory` and have the "
            "queries/services create a short-lived context per operation (`await using var db = await "
            "factory.CreateDbContextAsync(ct)`). Users don't notice because the badge silently fails.")
    q_pre2 = s.user("How many inspecciones without coordinates there are in pre? The ones of this week only.",
                    "request")
    s.read("src/PermitDesk.Web/appsettings.Development.json", """{
  "ConnectionStrings": {
    "PermitDesk": "Server=SQLPRE02\\\\INST2;Database=PermitDesk_Pre;Authentication=ActiveDirectoryIntegrated;TrustServerCertificate=True"
  },
  "DetailedErrors": true
}
""")
    s.bash("sqlcmd -S 'SQLPRE02\\INST2' -d PermitDesk_Pre -G -Q \"SET NOCOUNT ON; SELECT COUNT(*) AS SinCoordenadas FROM Inspecciones WHERE Fecha >= '2026-11-16' AND Latitud IS NULL\" -W",
           dur=(2, 4), fail=(1, "Msg 207, Level 16, State 1, Server SQLPRE02\\INST2, Line 1\nInvalid column name 'Latitud'."))
    s.reply("The column doesn't exist in pre yet: the `AddCoordenadasInspeccion` migration is only in the "
            "branch, and pre gets it when the DBA runs the script. Every inspection in pre has no "
            "coordinates today.")
    s.user("Claro, of course. Gracias, hasta mañana.", "thanks")
    s.reply("¡Hasta mañana!")
    s.end()

    # ------------------------------------------------------------------ s5
    s = p.session("2026-11-26 07:44")
    e2r = s.user("Buenos días. Tests of bUnit for the new component BannerConexion.razor, that it shows the text "
                 "when Desconectado=true and is hidden when false.", "task_start")
    s.read("src/PermitDesk.Web/Components/Shared/BannerConexion.razor", """<MudAlert Severity="Severity.Warning" Dense="true" Class="@(Desconectado ? "" : "d-none")" ShowCloseIcon="false">
    @L["Conexion.Reintentando"]
    <MudTooltip Text="@L["Conexion.BorradorLocal"]">
        <MudIcon Icon="@Icons.Material.Outlined.SaveAs" Size="Size.Small" />
    </MudTooltip>
    <MudProgressLinear Indeterminate="true" Color="Color.Warning" Class="mt-1" />
</MudAlert>

@code {
    [Parameter] public bool Desconectado { get; set; }
    [Inject] private IStringLocalizer<SharedResources> L { get; set; } = default!;
}
""")
    s.write("tests/PermitDesk.Web.Tests/Shared/BannerConexionTests.cs", """using Bunit;
using FluentAssertions;
using Microsoft.Extensions.DependencyInjection;
using PermitDesk.Web.Components.Shared;

namespace PermitDesk.Web.Tests.Shared;

public class BannerConexionTests : TestContext
{
    public BannerConexionTests() => Services.AddLocalization();

    [Fact]
    public void Visible_cuando_desconectado()
    {
        var cut = RenderComponent<BannerConexion>(p => p.Add(x => x.Desconectado, true));
        cut.Find(".mud-alert").ClassList.Should().NotContain("d-none");
    }

    [Fact]
    public void Oculto_cuando_conectado()
    {
        var cut = RenderComponent<BannerConexion>(p => p.Add(x => x.Desconectado, false));
        cut.Find(".mud-alert").ClassList.Should().Contain("d-none");
    }
}
""")
    s.bash("dotnet test tests/PermitDesk.Web.Tests --filter FullyQualifiedName~BannerConexion", dur=(30, 45), fail=(1, """\
  Failed PermitDesk.Web.Tests.Shared.BannerConexionTests.Visible_cuando_desconectado [94 ms]
  Error Message:
   System.InvalidOperationException : Cannot provide a value for property 'PopoverService' on type 'MudBlazor.MudPopover'. There is no registered service of type 'MudBlazor.IPopoverService'.
  Stack Trace:
     at Microsoft.AspNetCore.Components.ComponentFactory.<>c__DisplayClass9_0.<CreatePropertyInjector>g__Initialize|1(IServiceProvider serviceProvider, IComponent component)
     at Bunit.Rendering.TestRenderer.RenderFragmentInsideWrapper(RenderFragment renderFragment)
  Failed PermitDesk.Web.Tests.Shared.BannerConexionTests.Oculto_cuando_conectado [3 ms]
  Error Message:
   System.InvalidOperationException : Cannot provide a value for property 'PopoverService' on type 'MudBlazor.MudPopover'. There is no registered service of type 'MudBlazor.IPopoverService'.

Failed!  - Failed:     2, Passed:     0, Skipped:     0, Total:     2, Duration: 97 ms - PermitDesk.Web.Tests.dll (net8.0)"""))
    s.grep("class MudTestContext", ["tests/PermitDesk.Web.Tests/MudTestContext.cs"], path="tests")
    s.edit("tests/PermitDesk.Web.Tests/Shared/BannerConexionTests.cs",
           "public class BannerConexionTests : TestContext\n{\n    public BannerConexionTests() => Services.AddLocalization();\n",
           "public class BannerConexionTests : MudTestContext\n{\n", line=8)
    s.bash("dotnet test tests/PermitDesk.Web.Tests", dur=(30, 45),
           out="Passed!  - Failed:     0, Passed:    21, Skipped:     0, Total:    21, Duration: 1 s - PermitDesk.Web.Tests.dll (net8.0)\n")
    s.reply("Two tests added, and all 21 Web tests pass. The first run failed because the tooltip's "
            "`MudPopover` needs MudBlazor's services. Switching the class to the existing `MudTestContext` "
            "base (it registers MudBlazor services, uses loose JSInterop and renders the popover provider) "
            "fixed it.")

    q_deploy2 = s.user("Today is Thursday. The release 1.6.0 is ready, can we put it in production at 13:00 "
                       "before lunch? I want to leave early.", "question")
    s.reply("From the repo side it's ready: `release/1.6.0` is green and the DBA script is generated. Whether "
            "13:00 is allowed depends on your production change window and any ticket Sistemas needs; I "
            "don't have that information here.")
    q_mud2 = s.user("The new junior asks which version of MudBlazor we use, to read the correct documentation. "
                    "And if the docs of mudblazor.com are for that one.", "question")
    s.grep("MudBlazor\"", ["src/PermitDesk.Web/PermitDesk.Web.csproj"], path="src/PermitDesk.Web",
           content="src/PermitDesk.Web/PermitDesk.Web.csproj:14:    <PackageReference Include=\"MudBlazor\" Version=\"7.8.0\" />")
    s.reply("**MudBlazor 7.8.0**. mudblazor.com always shows the latest major (v8 at the moment), and some "
            "parameter names differ. For v7 docs he should use the version switcher on the site, or "
            "https://v7.mudblazor.com.")
    q_sql = s.user("Prepare the idempotent script of the migrations of this sprint (since AddNumeroExpediente) "
                   "for the DBA, in deploy/.", "request")
    script_ok = s.bash("dotnet ef migrations script AddNumeroExpediente --idempotent -o deploy/migrate-1.6.0.sql --project src/PermitDesk.Infrastructure --startup-project src/PermitDesk.Web && grep -c 'MigrationId' deploy/migrate-1.6.0.sql",
                       dur=(20, 35), out="Build started...\nBuild succeeded.\n4\n")
    s.reply("`deploy/migrate-1.6.0.sql` is generated (idempotent) and covers the migrations after "
            "`AddNumeroExpediente`: `AddCoordenadasInspeccion`, guarded by `__EFMigrationsHistory` checks. "
            "Nothing was applied anywhere.")
    q_case = s.user("Last thing: a citizen calls asking for his expediente, he says the number is \"45 of this "
                    "year, de obra\". How do I search it in the Registro?", "question")
    s.reply("In the Registro grid, filter the **Número** column. The number is built from the license type, "
            "the year and the sequence, so search for the full code, e.g. the one ending in `/00045` for this "
            "year's building license (LO). Typing `00045` in the Número filter also works if the filter uses "
            "*contains*.")
    s.user("Perfecto. Gracias por todo, buen trabajo estas semanas.", "thanks")
    s.reply("¡Gracias a ti! Ha sido un placer.")
    s.end()

    # ------------------------------------------------------------------ expectations
    p.fact("F1", F["pre"], needed=[q_pre], terms=["sqlpre01", "permitdesk_pre"],
           note="pre-production DB server (replaced in s3)")
    p.fact("F2", F["pre"], needed=[q_mud], terms=["mudblazor 6.11"], note="MudBlazor version (replaced in s4)")
    p.fact("F3", F["numero"], needed=[q_num, q_case], terms=["lo-2026/00045", "5 digits"],
           note="expediente number format, given in reply to the assistant's question")
    p.fact("F4", F["tablets"], needed=[q_tab, q_gar], terms=["surface go", "4g"],
           note="inspectors' devices and connectivity; stated while rejecting the WASM proposal")
    p.fact("F5", F["deploy"], needed=[q_deploy, q_deploy2], terms=["tuesday", "thursday", "15:00"],
           note="production deploy window, stated in passing inside a request")
    p.fact("F6", F["pre2"], needed=[q_pre2], terms=["sqlpre02\\inst2"], stale=["sqlpre01"],
           note="pre DB moved to SQLPRE02\\INST2")
    p.fact("F7", F["mud7"], needed=[q_mud2], terms=["7.8.0"], stale=["6.11"], note="MudBlazor upgraded to 7.8.0")

    p.correction("C1", C["time"], ["getlocalnow", "datetime.now"], note="unnamed, by example: use injected TimeProvider")
    p.correction("C2", C["oldway"], ["old way", "addserversideblazor"], note="unnamed: 'that is the old way' + example")
    p.correction("C3", C["where"], ["tolistasync", "where"], note="by example: filter in SQL, not after ToList")
    p.correction("C4", C["service"], ["permitdesk.application", "expedienteservice"], note="named: no logic/DbContext in .razor")
    p.correction("C5", C["resx"], ["@l[", "resx"], note="by example: localized text via IStringLocalizer + resx")
    p.correction("C6", C["dbupdate"], ["database update", "script"], note="interrupt after R1 was broken")
    p.correction("C7", C["serverdata"], ["serverdata", "items="], note="unnamed, by example: ServerData instead of Items")

    p.rule("R1", R["dbupdate"], "Bash", [dbu_break, script_ok], ["database update", "--idempotent"],
           note="broken in s3 (dotnet ef database update against pre); followed in s5 (idempotent script)")
    p.rule("R2", R["migrations"], "Edit", [mig_break], ["migrations/"],
           note="broken in s4: generated migration edited by hand instead of remove + add")
    p.rule("R3", R["format"], "Bash", [fmt_break], ["git commit", "dotnet format"],
           note="broken in s3: committed without dotnet format, CI failed")

    p.episode("E1", e1a, e1b, e1r, ["--startup-project", "permitdesk.web"],
              note="dotnet ef migrations add needs --project Infrastructure --startup-project Web")
    p.episode("E2", e2a, e2b, e2r, ["addmudservices", "jsruntimemode.loose", "mudtestcontext"],
              note="bUnit tests of MudBlazor components need MudTestContext (AddMudServices, loose JSInterop, popover provider)")

    p.trigger("T1", T["efcore"], t1_fire, "remove the Documentos ToJson ValueConverter workaround when EF Core 8.0.11 is out")
    p.trigger("T2", T["obs"], t2_fire, "Observaciones 500 -> 2000 chars next time InspeccionForm.razor is touched")

    p.rejected(rp1, ["webassembly"], "user refuses InteractiveWebAssembly/Auto for the inspection pages")
    p.rejected(rp2, ["dapper"], "user refuses Dapper: EF only in the solution")
    return p


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    build().dump(os.path.join(here, "..", "permitdesk-blazor.json"))
