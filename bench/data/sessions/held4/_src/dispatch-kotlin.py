"""dispatch-kotlin: Kotlin Spring Boot courier-dispatch service; Polish speaker writing English, ALL-CAPS when annoyed."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "_gen"))
from builder import Project  # noqa: E402

CWD = "/Users/tomasz/work/dispatch-service"
PKG = "src/main/kotlin/pl/kurierzy/dispatch"
ITPKG = "src/integrationTest/kotlin/pl/kurierzy/dispatch"
ENV = "DOCKER_HOST=unix://$HOME/.colima/default/docker.sock TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE=/var/run/docker.sock "

DOCKER_FAIL = """> Task :integrationTest

{cls} > initializationError FAILED
    java.lang.IllegalStateException: Could not find a valid Docker environment. Please see logs and check configuration
        at org.testcontainers.dockerclient.DockerClientProviderStrategy.lambda$getFirstValidStrategy$7(DockerClientProviderStrategy.java:277)
        at java.base/java.util.Optional.orElseThrow(Optional.java:403)
        at org.testcontainers.DockerClientFactory.getOrInitializeStrategy(DockerClientFactory.java:147)

14:02:11.481 [Test worker] ERROR org.testcontainers.dockerclient.DockerClientProviderStrategy -- Could not find a valid Docker environment. Please check configuration. Attempted configurations were:
	UnixSocketClientProviderStrategy: failed with exception InvalidConfigurationException (Could not find unix domain socket). Root cause NoSuchFileException (/var/run/docker.sock)
	DockerDesktopClientProviderStrategy: failed with exception NullPointerException (Cannot invoke "java.nio.file.Path.toString()" because the return value of "org.testcontainers.dockerclient.DockerDesktopClientProviderStrategy.getSocketPath()" is null)As no valid configuration was found, execution cannot continue.

1 test completed, 1 failed

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':integrationTest'.
> There were failing tests. See the report at: file:///Users/tomasz/work/dispatch-service/build/reports/tests/integrationTest/index.html

BUILD FAILED in 19s"""

DOCKER_CONTEXT = ("NAME       DESCRIPTION                               DOCKER ENDPOINT                                         ERROR\n"
                  "colima *   colima                                    unix:///Users/tomasz/.colima/default/docker.sock\n"
                  "default    Current DOCKER_HOST based configuration   unix:///var/run/docker.sock\n")


def build():
    p = Project("dispatch-kotlin", CWD,
                voice="Polish backend developer writing English: drops/misuses articles, 'please' everywhere, "
                      "Polish interjections ('no dobra', 'kurczę', 'dzięki'); short ALL-CAPS bursts when annoyed",
                stack="Kotlin 2.0, Spring Boot 3.3 -> 3.4 (MVC + Spring Data JDBC), Gradle Kotlin DSL + version catalog, "
                      "Flyway, Postgres 16 (Azure flexible server), Testcontainers on Colima, Jib, Azure Container Apps, "
                      "Java 17 -> 21, spotless/ktlint",
                seed=4303)

    # ------------------------------------------------------------------ S0
    s = p.session("2026-05-11 09:05")
    s0_intro = s.user(
        "Hello. This is dispatch-service, backend for courier dispatch of our company (Kotlin, Spring Boot 3.3, gradle "
        "kotlin dsl, postgres 16 with flyway). Java 17 for now. Staging database is "
        "pg-dispatch-stg.postgres.database.azure.com. On my mac is colima, not docker desktop. Please first run the "
        "build and tell me if green.", "fact")
    s.bash("./gradlew build",
           out="> Task :compileKotlin\n> Task :compileJava NO-SOURCE\n> Task :processResources\n> Task :classes\n"
               "> Task :bootJar\n> Task :jar\n> Task :spotlessKotlinCheck\n> Task :test\n> Task :check\n> Task :build\n\n"
               "BUILD SUCCESSFUL in 48s\n11 actionable tasks: 11 executed\n", dur=52)
    s.reply("Green: `./gradlew build` passes (compile, spotless check, 87 unit tests) in 48 s. Integration tests are "
            "a separate `integrationTest` task and weren't part of this run.")

    s0_gradle = s.user(
        "Please always ./gradlew, never gradle from system. System gradle on this mac is 7.6 from old brew and it "
        "breaks with our plugins.", "preference")
    s.reply("OK — always the wrapper (`./gradlew`), never a bare `gradle`.")

    s0_mig = s.user(
        "Important about migrations. They are in src/main/resources/db/migration, name is V + timestamp yyyyMMddHHmm "
        "+ __description.sql, for example V202605110900__create_courier.sql. Never edit migration which is already "
        "in db/migration, always make new one. Staging has all of them applied.", "preference")
    s.reply("Understood: migrations are append-only. New ones go in `src/main/resources/db/migration` as "
            "`V<yyyyMMddHHmm>__<description>.sql`; existing files are never edited.")

    s.user("Please add endpoint GET /api/couriers/{id}/shift which returns current shift of courier, 404 when no "
           "shift.", "request")
    s.read(f"{PKG}/shift/CourierShiftRepository.kt",
           "interface CourierShiftRepository : CrudRepository<CourierShift, Long> {\n"
           "    @Query(\"SELECT * FROM courier_shift WHERE courier_id = :courierId AND ended_at IS NULL\")\n"
           "    fun findCurrent(courierId: Long): CourierShift?\n}\n")
    s.write(f"{PKG}/shift/ShiftController.kt",
            "@RestController\n@RequestMapping(\"/api/couriers\")\nclass ShiftController(private val repo: CourierShiftRepository) {\n\n"
            "    @GetMapping(\"/{id}/shift\")\n    fun current(@PathVariable id: Long): ShiftDto {\n"
            "        val shift = repo.findCurrent(id)!!\n        return ShiftDto.from(shift)\n    }\n}\n")
    s.bash("./gradlew compileKotlin", out="> Task :compileKotlin\n\nBUILD SUCCESSFUL in 6s\n1 actionable task: 1 executed\n", dur=8)
    s.reply("Added `ShiftController` with `GET /api/couriers/{id}/shift` → `ShiftDto`. A missing shift currently "
            "throws, which the global handler maps to an error; compiles.")

    s0_c1 = s.user("Please no !! in our code. Detekt also complains. Use requireNotNull or ?: throw NotFound, we have "
                   "NotFoundException for this.", "correction")
    s.edit(f"{PKG}/shift/ShiftController.kt",
           "        val shift = repo.findCurrent(id)!!\n",
           "        val shift = repo.findCurrent(id) ?: throw NotFoundException(\"no active shift for courier $id\")\n", line=7)
    s.write("src/test/kotlin/pl/kurierzy/dispatch/shift/ShiftControllerTest.kt",
            "@WebMvcTest(ShiftController::class)\nclass ShiftControllerTest(@Autowired val mvc: MockMvc) {\n"
            "    @MockkBean lateinit var repo: CourierShiftRepository\n\n"
            "    @Test\n    fun `returns 404 when courier has no shift`() {\n        every { repo.findCurrent(7) } returns null\n"
            "        mvc.get(\"/api/couriers/7/shift\").andExpect { status { isNotFound() } }\n    }\n}\n")
    s.bash("./gradlew test --tests '*ShiftControllerTest'",
           out="> Task :test\n\nShiftControllerTest > returns 404 when courier has no shift() PASSED\n\nBUILD SUCCESSFUL in 14s\n", dur=16)
    s.reply("Replaced `!!` with `?: throw NotFoundException(...)` and added a `@WebMvcTest` for the 404 case; passes.")

    s.user("What is difference of @Transactional(readOnly = true) and without, in Spring Data JDBC? It matters for "
           "postgres or no?", "question")
    s.reply("With Spring Data JDBC, `readOnly = true` sets the JDBC connection read-only and Spring skips flush-like "
            "work; on Postgres the driver sends `SET SESSION CHARACTERISTICS ... READ ONLY`, so an accidental write "
            "fails. The performance gain is small (no Hibernate dirty checking here to skip). It's most useful as a "
            "guard, and if you ever route reads to a replica.")

    s.user(
        "Other thing, on staging yesterday evening we had this for ~10 minutes, what is it?\n\n"
        "2026-05-10T19:42:07.311Z ERROR 1 --- [dispatch-api] [nio-8080-exec-7] o.a.c.c.C.[.[.[/].[dispatcherServlet]    : "
        "Servlet.service() for servlet [dispatcherServlet] threw exception\n"
        "org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection\n"
        "\tat org.springframework.jdbc.datasource.DataSourceUtils.getConnection(DataSourceUtils.java:84)\n"
        "Caused by: java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request "
        "timed out after 30000ms (total=10, active=10, idle=0, waiting=37)\n"
        "\tat com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:686)\n"
        "\tat com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:179)\n\n"
        "only 2 replicas were running, couriers app was doing retries like crazy", "question")
    s.grep("hikari|maximum-pool", ["src/main/resources/application.yml"], path="src/main/resources",
           content="src/main/resources/application.yml:14:    hikari:\nsrc/main/resources/application.yml:15:      maximum-pool-size: 10")
    s.reply("Pool exhaustion: all 10 connections per replica were busy (active=10) and 37 requests waited more than "
            "30 s. With the courier app retrying, waiting requests pile up faster than connections free up. Likely "
            "a slow query holding connections — check `pg_stat_activity` for long-running statements at that time; "
            "raising the pool size alone would just move the pressure to Postgres.")

    s.user("no dobra, enough for today. Weather in Kraków is finally nice, I go for a walk.", "chatter")
    s.reply("Enjoy the walk!")
    s.end()

    # ------------------------------------------------------------------ S1
    s = p.session("2026-05-18 13:40")
    s1_it = s.user(
        "Today integration test for CourierShiftRepository with Testcontainers, we have base class "
        "AbstractPostgresIT. Please write test for findCurrent and run it.", "task_start")
    s.read(f"{ITPKG}/AbstractPostgresIT.kt",
           "@SpringBootTest\n@Testcontainers\nabstract class AbstractPostgresIT {\n    companion object {\n"
           "        @Container @ServiceConnection\n        val postgres = PostgreSQLContainer(\"postgres:16-alpine\")\n    }\n}\n")
    s.write(f"{ITPKG}/shift/CourierShiftRepositoryIT.kt",
            "class CourierShiftRepositoryIT(@Autowired val repo: CourierShiftRepository) : AbstractPostgresIT() {\n\n"
            "    @Test\n    fun `findCurrent returns open shift only`() {\n"
            "        repo.save(CourierShift(courierId = 5, startedAt = T0, endedAt = T0.plusHours(8)))\n"
            "        val open = repo.save(CourierShift(courierId = 5, startedAt = T0.plusDays(1)))\n"
            "        assertThat(repo.findCurrent(5)?.id).isEqualTo(open.id)\n    }\n}\n")
    s.bash("./gradlew integrationTest --tests '*CourierShiftRepositoryIT'",
           fail=(1, DOCKER_FAIL.format(cls="CourierShiftRepositoryIT")), dur=24)
    s.say("Testcontainers can't find a Docker socket at /var/run/docker.sock. Checking which Docker context is active.")
    s.bash("docker context ls", out=DOCKER_CONTEXT)
    s.bash(ENV + "./gradlew integrationTest --tests '*CourierShiftRepositoryIT'",
           out="> Task :integrationTest\n\nCourierShiftRepositoryIT > findCurrent returns open shift only() PASSED\n\n"
               "BUILD SUCCESSFUL in 31s\n", dur=35)
    s1_it_end = s.reply(
        "Test passes. The failure was Docker discovery: Colima's socket is `~/.colima/default/docker.sock`, not "
        "`/var/run/docker.sock`. Running with `DOCKER_HOST=unix://$HOME/.colima/default/docker.sock` and "
        "`TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE=/var/run/docker.sock` (the path Ryuk mounts inside the Colima VM) "
        "fixes it.")

    s.user("Now dispatcher must get notification when courier shift ends. Please add ShiftEndListener for the "
           "ShiftEnded event.", "request")
    s.write(f"{PKG}/shift/ShiftEndListener.kt",
            "@Component\nclass ShiftEndListener {\n\n    @Autowired\n    lateinit var notifier: DispatcherNotifier\n\n"
            "    @EventListener\n    fun on(event: ShiftEnded) {\n"
            "        notifier.notifyDispatchers(\"Courier ${event.courierId} ended shift\", event.zoneCode)\n    }\n}\n")
    s.bash("./gradlew compileKotlin", out="BUILD SUCCESSFUL in 5s\n", dur=7)
    s.reply("Added `ShiftEndListener` — an `@EventListener` for `ShiftEnded` that calls "
            "`DispatcherNotifier.notifyDispatchers(...)`; the notifier is `@Autowired`.")

    s1_c2 = s.user("NO. NOT LIKE THAT. constructor please, like everywhere in this project.", "correction")
    s.edit(f"{PKG}/shift/ShiftEndListener.kt",
           "class ShiftEndListener {\n\n    @Autowired\n    lateinit var notifier: DispatcherNotifier\n",
           "class ShiftEndListener(\n    private val notifier: DispatcherNotifier,\n) {\n", line=2)
    s.bash("./gradlew compileKotlin", out="BUILD SUCCESSFUL in 5s\n", dur=7)
    s.reply("Switched to constructor injection (`private val notifier`); no field injection left in the class.")

    s.user("Add SLA check: order must be picked up until 14:00 same day, otherwise flag it late. Flag is "
           "column late_pickup, already exists.", "request")
    s.grep("zone|country", ["src/main/resources/db/migration/V202605120930__create_zones.sql"], path="src/main/resources/db/migration",
           content="V202605120930__create_zones.sql:3:    country char(2) NOT NULL, -- PL, CZ\n")
    s1_ask = s.reply("Before I write it: which timezone should the 14:00 cutoff use? The containers run in UTC, and "
                     "the zones table has couriers in both PL and CZ. Should it be the server zone, the zone's local "
                     "time, or one fixed zone?")

    s1_tz = s.user("Europe/Warsaw, always, also for couriers in Czechia. Business is in Poland and contracts say "
                   "Polish time.", "fact")
    s.write(f"{PKG}/sla/SlaPolicy.kt",
            "@Component\nclass SlaPolicy(private val clock: Clock) {\n\n"
            "    fun isLatePickup(order: Order, pickedUpAt: Instant): Boolean {\n"
            "        val day = order.createdAt.atZone(WARSAW).toLocalDate()\n"
            "        val cutoff = day.atTime(CUTOFF).atZone(WARSAW).toInstant()\n"
            "        return pickedUpAt.isAfter(cutoff)\n    }\n\n"
            "    companion object {\n        val WARSAW: ZoneId = ZoneId.of(\"Europe/Warsaw\")\n"
            "        val CUTOFF: LocalTime = LocalTime.of(14, 0)\n    }\n}\n")
    s.bash("./gradlew test --tests '*SlaPolicyTest'", out="SlaPolicyTest > pickup at 14:01 Warsaw is late() PASSED\n"
           "SlaPolicyTest > pickup at 13:59 Warsaw in summer is on time() PASSED\n\nBUILD SUCCESSFUL in 11s\n", dur=13)
    s.reply("`SlaPolicy` computes the cutoff as 14:00 Europe/Warsaw on the order's Warsaw calendar day, "
            "regardless of the courier's country; DST handled by `ZoneId`. Tests pass.")

    s1_commit = s.user("Good. Please commit it. Commit message must start with ticket, here DSP-231, like "
                       "'DSP-231: SLA pickup cutoff'. Jira integration needs it, otherwise it is not linked.", "fact")
    s.bash("./gradlew spotlessApply", out="BUILD SUCCESSFUL in 4s\n", dur=6)
    s.bash("git add -A && git commit -m 'DSP-231: SLA pickup cutoff (Europe/Warsaw, 14:00)'",
           out="[feature/DSP-231-sla-cutoff 8d41c2a] DSP-231: SLA pickup cutoff (Europe/Warsaw, 14:00)\n"
               " 5 files changed, 142 insertions(+), 6 deletions(-)\n create mode 100644 src/main/kotlin/pl/kurierzy/dispatch/sla/SlaPolicy.kt\n")
    s.reply("Committed as `8d41c2a DSP-231: SLA pickup cutoff (Europe/Warsaw, 14:00)` after `spotlessApply`.")

    s1_prod = s.user(
        "Also about deploy: staging you can do yourself with az containerapp update in rg-dispatch-stg. Prod NEVER "
        "without asking me first, there are real couriers on it.", "preference")
    s.reply("Clear: `az containerapp update` on `rg-dispatch-stg` is fine; anything on prod only after you say so.")

    s1_trig = s.user("And remind me, next time we touch build.gradle.kts: remove the pin of jackson-databind 2.17.1, "
                     "it was only for the CVE until boot upgrade.", "trigger")
    s.reply("I can't keep reminders across sessions on my own — a `// TODO` next to the pin or a Jira ticket would "
            "carry it. I haven't changed build.gradle.kts.")

    s.user("dzięki, good work today", "thanks")
    s.reply("Dzięki! See you next time.")
    s.end()

    # ------------------------------------------------------------------ S2
    s = p.session("2026-05-27 10:20")
    s2_java = s.user(
        "Hello. We move to java 21 now. I changed toolchain to 21 in build myself and jib base image to "
        "eclipse-temurin:21-jre. Please run build and check all is fine.", "fact")
    s.bash("./gradlew build",
           out="> Task :compileKotlin\nw: Kotlin toolchain: using JDK 21 (Eclipse Temurin 21.0.3+9)\n> Task :test\n> Task :build\n\n"
               "BUILD SUCCESSFUL in 55s\n11 actionable tasks: 11 executed\n", dur=58)
    s.bash("./gradlew jibDockerBuild --image=dispatch-api:java21-check",
           out="Containerizing application to Docker daemon as dispatch-api:java21-check...\n"
               "Using base image with digest: sha256:4e1c3b1fa0e7d3b0a4f1f3e2f5b9b3c1e4a2d0c8b7a6f5e4d3c2b1a0f9e8d7c6\n"
               "Built image to Docker daemon as dispatch-api:java21-check\n\nBUILD SUCCESSFUL in 27s\n", dur=30)
    s.reply("All fine on Java 21: build and unit tests pass with Temurin 21.0.3, and Jib builds the image on "
            "`eclipse-temurin:21-jre`.")

    s.user("Please add cleanup job: shifts older than 90 days go to courier_shift_archive every night at 02:00.",
           "request")
    s.write(f"{PKG}/shift/ShiftArchiveJob.kt",
            "@Component\nclass ShiftArchiveJob(private val repo: ShiftArchiveRepository) {\n\n"
            "    @Scheduled(cron = \"0 0 2 * * *\", zone = \"Europe/Warsaw\")\n    @Transactional\n    fun archive() {\n"
            "        val threshold = LocalDateTime.now().minusDays(90)\n        val moved = repo.moveEndedBefore(threshold)\n"
            "        log.info(\"archived {} shifts ended before {}\", moved, threshold)\n    }\n}\n")
    s.bash("./gradlew compileKotlin", out="BUILD SUCCESSFUL in 6s\n", dur=8)
    s.reply("Added `ShiftArchiveJob`: nightly at 02:00 Warsaw time it moves shifts that ended more than 90 days ago "
            "(`LocalDateTime.now().minusDays(90)`) into `courier_shift_archive` in one transaction.")

    s2_c3 = s.user("Please not like this. We have a bean for this, tests need fixed time. Always inject it.",
                   "correction")
    s.edit(f"{PKG}/shift/ShiftArchiveJob.kt",
           "class ShiftArchiveJob(private val repo: ShiftArchiveRepository) {\n",
           "class ShiftArchiveJob(\n    private val repo: ShiftArchiveRepository,\n    private val clock: Clock,\n) {\n", line=2)
    s.edit(f"{PKG}/shift/ShiftArchiveJob.kt",
           "        val threshold = LocalDateTime.now().minusDays(90)\n",
           "        val threshold = Instant.now(clock).minus(90, ChronoUnit.DAYS)\n")
    s.bash("./gradlew compileKotlin", out="BUILD SUCCESSFUL in 5s\n", dur=7)
    s.reply("Now uses the injected `Clock` (`Instant.now(clock)`), so tests can pin time.")

    s.user("Please run only the ShiftArchiveJob tests quickly", "request")
    s2_gradle_break = s.bash("gradle test --tests '*ShiftArchiveJobTest'",
                             fail=(1, "\nFAILURE: Build failed with an exception.\n\n* Where:\nBuild file '/Users/tomasz/work/dispatch-service/build.gradle.kts'\n\n"
                                      "* What went wrong:\nCould not open cp_proj generic class cache for build file '/Users/tomasz/work/dispatch-service/build.gradle.kts' "
                                      "(/Users/tomasz/.gradle/caches/7.6/scripts/8xk2l0s3).\n> BUG! exception in phase 'semantic analysis' in source unit "
                                      "'_BuildScript_' Unsupported class file major version 65\n\n* Try:\n> Run with --stacktrace option to get the stack trace.\n\n"
                                      "BUILD FAILED in 3s"), dur=5)
    s.say("That picked up the system Gradle 7.6, which can't run on JDK 21. Using the wrapper.")
    s.bash("./gradlew test --tests '*ShiftArchiveJobTest'",
           out="ShiftArchiveJobTest > archives shifts ended more than 90 days ago() PASSED\n"
               "ShiftArchiveJobTest > keeps shifts ended 89 days ago() PASSED\n\nBUILD SUCCESSFUL in 12s\n", dur=14)
    s.reply("Both `ShiftArchiveJobTest` tests pass (with `./gradlew`; the system Gradle 7.6 can't run on Java 21).")

    s.user("Please write test for archive repository part also. Fast one please, not whole spring context.", "request")
    s2_fire = s.edit("build.gradle.kts",
                     "    testImplementation(libs.spring.boot.starter.test)\n",
                     "    testImplementation(libs.spring.boot.starter.test)\n    testRuntimeOnly(\"com.h2database:h2\")\n", line=61)
    s.write("src/test/kotlin/pl/kurierzy/dispatch/shift/ShiftArchiveRepositoryTest.kt",
            "@DataJdbcTest\n@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.ANY)\n"
            "class ShiftArchiveRepositoryTest(@Autowired val repo: ShiftArchiveRepository) {\n"
            "    @Test\n    fun `moves ended shifts`() {\n        assertThat(repo.moveEndedBefore(T0)).isEqualTo(2)\n    }\n}\n")
    s.bash("./gradlew test --tests '*ShiftArchiveRepositoryTest'",
           out="ShiftArchiveRepositoryTest > moves ended shifts() PASSED\n\nBUILD SUCCESSFUL in 9s\n", dur=11)
    s.reply("Added a `@DataJdbcTest` slice with an in-memory H2 database (`testRuntimeOnly(\"com.h2database:h2\")`), "
            "so it runs in ~2 s without Docker. Passes.")

    s2_c4 = s.user("AGAIN the old way. kurczę. We removed this half year ago, our SQL is postgres-specific "
                   "(INSERT ... RETURNING, jsonb), it only passes by luck.", "correction")
    s.edit("build.gradle.kts", "    testRuntimeOnly(\"com.h2database:h2\")\n", "")
    s.bash("git mv src/test/kotlin/pl/kurierzy/dispatch/shift/ShiftArchiveRepositoryTest.kt "
           f"{ITPKG}/shift/ShiftArchiveRepositoryIT.kt", out="")
    s.edit(f"{ITPKG}/shift/ShiftArchiveRepositoryIT.kt",
           "@DataJdbcTest\n@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.ANY)\n"
           "class ShiftArchiveRepositoryTest(@Autowired val repo: ShiftArchiveRepository) {\n",
           "class ShiftArchiveRepositoryIT(@Autowired val repo: ShiftArchiveRepository) : AbstractPostgresIT() {\n", line=1)
    s.bash("./gradlew compileIntegrationTestKotlin", out="BUILD SUCCESSFUL in 7s\n", dur=9)
    s.reply("Removed H2 again and turned the test into `ShiftArchiveRepositoryIT` on `AbstractPostgresIT` "
            "(Testcontainers, real Postgres 16). It compiles; it runs with `./gradlew integrationTest`.")

    s.user("Dispatch board will need live updates for dispatchers, around 40 dispatchers at same time. What you "
           "think, how to do it?", "question")
    s2_prop = s.reply(
        "Two options: (1) Server-Sent Events from the existing MVC app — one `SseEmitter` per dispatcher, fed by "
        "the `ShiftEnded`/order events; or (2) I'd suggest moving the board endpoints to WebFlux with R2DBC so the "
        "stream and its queries are fully non-blocking, which scales better if the board grows.")

    s.user("No, no R2DBC. Whole team knows JDBC, and 40 dispatchers is nothing. SSE from normal MVC is enough, "
           "please keep it simple.", "preference")
    s.reply("Agreed — SSE with `SseEmitter` on MVC, JDBC stays. I'll sketch it when you want to start the board.")

    s2_commit = s.user("ok, commit all what we did today please", "request")
    s.bash("git branch --show-current && git log --oneline -3",
           out="feature/DSP-240-shift-archive\n8d41c2a DSP-231: SLA pickup cutoff (Europe/Warsaw, 14:00)\n"
               "2b7e019 DSP-228: courier shift endpoint\nf01c9d3 DSP-219: flyway baseline for zones\n")
    s.bash("./gradlew spotlessApply && git add -A && git commit -m 'DSP-240: nightly shift archive job + IT'",
           out="BUILD SUCCESSFUL in 4s\n[feature/DSP-240-shift-archive c3a9e71] DSP-240: nightly shift archive job + IT\n"
               " 4 files changed, 118 insertions(+)\n", dur=8)
    s.reply("Committed `c3a9e71 DSP-240: nightly shift archive job + IT` (ticket taken from the branch name).")

    s.user("Coffee machine in office is broken since Monday, whole team is in bad mood, haha.", "chatter")
    s.reply("That explains a lot about any code review this week.")
    s.end()

    # ------------------------------------------------------------------ S3
    s = p.session("2026-06-04 15:10")
    s3_db = s.user(
        "Hello. Infra moved staging database to flexible server, new host is "
        "dispatch-stg-flex.postgres.database.azure.com, the old one is deleted on Friday. Please update config for "
        "staging.", "fact")
    s.grep("pg-dispatch-stg", ["src/main/resources/application-staging.yml", ".github/workflows/deploy-staging.yml"], path=".",
           content="src/main/resources/application-staging.yml:4:    url: jdbc:postgresql://pg-dispatch-stg.postgres.database.azure.com:5432/dispatch?sslmode=require\n"
                   ".github/workflows/deploy-staging.yml:38:          DB_HOST: pg-dispatch-stg.postgres.database.azure.com")
    s.edit("src/main/resources/application-staging.yml",
           "    url: jdbc:postgresql://pg-dispatch-stg.postgres.database.azure.com:5432/dispatch?sslmode=require",
           "    url: jdbc:postgresql://dispatch-stg-flex.postgres.database.azure.com:5432/dispatch?sslmode=require", line=4)
    s.edit(".github/workflows/deploy-staging.yml",
           "          DB_HOST: pg-dispatch-stg.postgres.database.azure.com",
           "          DB_HOST: dispatch-stg-flex.postgres.database.azure.com", line=38)
    s.reply("Updated both places (`application-staging.yml` JDBC URL and the staging deploy workflow's `DB_HOST`) to "
            "`dispatch-stg-flex.postgres.database.azure.com`.")

    s3_zone = s.user("Courier shift needs zone now: column zone_code varchar(8) in courier_shift, nullable for now.",
                     "request")
    s.glob("src/main/resources/db/migration/*.sql",
           ["src/main/resources/db/migration/V202605110900__create_courier.sql",
            "src/main/resources/db/migration/V202605120930__create_zones.sql",
            "src/main/resources/db/migration/V202605121015__create_courier_shift.sql",
            "src/main/resources/db/migration/V202605270845__create_courier_shift_archive.sql",
            "src/main/resources/db/migration/V202606031410__add_order_late_pickup_idx.sql"])
    s.read("src/main/resources/db/migration/V202605121015__create_courier_shift.sql",
           "CREATE TABLE courier_shift (\n    id          bigserial PRIMARY KEY,\n    courier_id  bigint NOT NULL REFERENCES courier(id),\n"
           "    started_at  timestamptz NOT NULL,\n    ended_at    timestamptz\n);\n\n"
           "CREATE INDEX courier_shift_open_idx ON courier_shift (courier_id) WHERE ended_at IS NULL;\n")
    s3_mig_break = s.edit("src/main/resources/db/migration/V202605121015__create_courier_shift.sql",
                          "    ended_at    timestamptz\n);",
                          "    ended_at    timestamptz,\n    zone_code   varchar(8)\n);", line=5)
    s.reply("Added `zone_code varchar(8)` (nullable) to the `courier_shift` table definition, and I'll add the "
            "field to `CourierShift` next.")

    s3_c7 = s.user("NO!! This migration is applied on staging already, flyway checksum will fail on start. New file "
                   "please, always.", "correction")
    s.bash("git checkout -- src/main/resources/db/migration/V202605121015__create_courier_shift.sql", out="")
    s.write("src/main/resources/db/migration/V202606041532__add_zone_code_to_courier_shift.sql",
            "ALTER TABLE courier_shift ADD COLUMN zone_code varchar(8);\n")
    s.edit(f"{PKG}/shift/CourierShift.kt", "    val endedAt: Instant? = null,\n",
           "    val endedAt: Instant? = null,\n    val zoneCode: String? = null,\n")
    s.bash("./gradlew build", out="BUILD SUCCESSFUL in 51s\n", dur=54)
    s.reply("Reverted the applied migration and added `V202606041532__add_zone_code_to_courier_shift.sql` with an "
            "`ALTER TABLE`. `CourierShift.zoneCode` is nullable; build green.")

    s.user("Now endpoint to assign zone: PUT /api/couriers/{id}/zone with body {\"zoneCode\": \"KRK-N\"}. Zone must "
           "exist and courier must have open shift.", "request")
    s.edit(f"{PKG}/courier/CourierController.kt",
           "    @GetMapping(\"/{id}\")\n",
           "    @PutMapping(\"/{id}/zone\")\n    fun assignZone(@PathVariable id: Long, @RequestBody body: AssignZone): ShiftDto {\n"
           "        if (!zones.existsByCode(body.zoneCode)) throw BadRequestException(\"unknown zone ${body.zoneCode}\")\n"
           "        val shift = shifts.findCurrent(id) ?: throw NotFoundException(\"no active shift for courier $id\")\n"
           "        val saved = shifts.save(shift.copy(zoneCode = body.zoneCode))\n"
           "        events.publishEvent(ZoneAssigned(id, body.zoneCode))\n        return ShiftDto.from(saved)\n    }\n\n"
           "    @GetMapping(\"/{id}\")\n", line=22)
    s.reply("Added `PUT /api/couriers/{id}/zone` in `CourierController`: validates the zone, loads the open shift "
            "(404 otherwise), saves `zoneCode` and publishes `ZoneAssigned`.")

    s3_c5 = s.user("Hmm, no, not there. This is not place for the logic.", "correction")
    s.write(f"{PKG}/courier/CourierZoneService.kt",
            "@Service\nclass CourierZoneService(\n    private val zones: ZoneRepository,\n    private val shifts: CourierShiftRepository,\n"
            "    private val events: ApplicationEventPublisher,\n) {\n    @Transactional\n    fun assign(courierId: Long, zoneCode: String): CourierShift {\n"
            "        if (!zones.existsByCode(zoneCode)) throw BadRequestException(\"unknown zone $zoneCode\")\n"
            "        val shift = shifts.findCurrent(courierId) ?: throw NotFoundException(\"no active shift for courier $courierId\")\n"
            "        return shifts.save(shift.copy(zoneCode = zoneCode)).also { events.publishEvent(ZoneAssigned(courierId, zoneCode)) }\n"
            "    }\n}\n")
    s.edit(f"{PKG}/courier/CourierController.kt",
           "        if (!zones.existsByCode(body.zoneCode)) throw BadRequestException(\"unknown zone ${body.zoneCode}\")\n"
           "        val shift = shifts.findCurrent(id) ?: throw NotFoundException(\"no active shift for courier $id\")\n"
           "        val saved = shifts.save(shift.copy(zoneCode = body.zoneCode))\n"
           "        events.publishEvent(ZoneAssigned(id, body.zoneCode))\n        return ShiftDto.from(saved)\n",
           "        return ShiftDto.from(zoneService.assign(id, body.zoneCode))\n")
    s.bash("./gradlew build", out="BUILD SUCCESSFUL in 49s\n", dur=52)
    s.reply("Moved it into `CourierZoneService.assign()` (transactional); the controller just maps the request and "
            "the result. Build green.")

    s3_deploy = s.user("Please deploy current main to staging.", "task_start")
    s.bash("./gradlew jib --image=dispatchacr.azurecr.io/dispatch-api:5be81d0",
           out="Containerizing application to dispatchacr.azurecr.io/dispatch-api:5be81d0...\n"
               "Built and pushed image as dispatchacr.azurecr.io/dispatch-api:5be81d0\n\nBUILD SUCCESSFUL in 41s\n", dur=45)
    s.bash("az containerapp update -n dispatch-api -g rg-dispatch-stg --image dispatchacr.azurecr.io/dispatch-api:5be81d0 -o table",
           out="Name          Location            ResourceGroup    Fqdn\n------------  ------------------  ---------------  ------------------------------------------------------\n"
               "dispatch-api  Poland Central      rg-dispatch-stg  dispatch-api.blackpond-91c2e7a0.polandcentral.azurecontainerapps.io\n", dur=40)
    s.bash("sleep 45 && curl -fsS https://dispatch-api.blackpond-91c2e7a0.polandcentral.azurecontainerapps.io/actuator/health",
           fail=(22, "curl: (22) The requested URL returned error: 503"), dur=50)
    s.bash("az containerapp logs show -n dispatch-api -g rg-dispatch-stg --tail 12 --format text",
           out="2026-06-04T13:58:41.902Z  INFO 1 --- [dispatch-api] [main] o.f.core.internal.command.DbValidate : Validating 7 migrations\n"
               "2026-06-04T13:58:42.117Z ERROR 1 --- [dispatch-api] [main] o.s.boot.SpringApplication : Application run failed\n"
               "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer': "
               "Validate failed: Migrations have failed validation\n"
               "Detected resolved migration not applied to database: 202606021105.\n"
               "To ignore this migration, set -ignoreMigrationPatterns='*:ignored'. To allow executing this migration, set -outOfOrder=true.\n"
               "Need more flexibility with validation rules? Learn more: https://rd.gt/3AbJUZE\n"
               "\tat org.flywaydb.core.Flyway.lambda$migrate$0(Flyway.java:204)\n", dur=6)
    s.say("The new revision crashes on start: Flyway found `V202606021105` (merged today) older than the latest "
          "applied version `202606031410` on staging. With timestamp versions that happens whenever a branch merges "
          "late. Allowing out-of-order on staging.")
    s.edit("src/main/resources/application-staging.yml", "  flyway:\n    locations: classpath:db/migration\n",
           "  flyway:\n    locations: classpath:db/migration\n    out-of-order: true\n", line=9)
    s.bash("./gradlew jib --image=dispatchacr.azurecr.io/dispatch-api:5be81d0-1 && "
           "az containerapp update -n dispatch-api -g rg-dispatch-stg --image dispatchacr.azurecr.io/dispatch-api:5be81d0-1 -o none && "
           "sleep 60 && az containerapp logs show -n dispatch-api -g rg-dispatch-stg --tail 5 --format text",
           out="Built and pushed image as dispatchacr.azurecr.io/dispatch-api:5be81d0-1\n\nBUILD SUCCESSFUL in 39s\n"
               "2026-06-04T14:04:12.551Z  INFO 1 --- [main] o.f.core.internal.command.DbMigrate : Migrating schema \"public\" to version "
               "\"202606021105 - add courier phone verified\" [out of order]\n"
               "2026-06-04T14:04:12.790Z  INFO 1 --- [main] o.f.core.internal.command.DbMigrate : Migrating schema \"public\" to version "
               "\"202606041532 - add zone code to courier shift\"\n"
               "2026-06-04T14:04:12.846Z  INFO 1 --- [main] o.f.core.internal.command.DbMigrate : Successfully applied 2 migrations to schema \"public\", now at version v202606041532\n"
               "2026-06-04T14:04:16.003Z  INFO 1 --- [main] p.k.dispatch.DispatchApplicationKt : Started DispatchApplicationKt in 9.84 seconds\n", dur=130)
    s3_deploy_end = s.reply(
        "Staging runs `5be81d0-1`. The first revision failed with Flyway \"Detected resolved migration not applied to "
        "database: 202606021105\" — a migration with an older timestamp merged after a newer one was applied. Fixed "
        "with `spring.flyway.out-of-order: true` in `application-staging.yml`; both pending migrations applied. "
        "Longer term, I'd suggest switching to sequential version numbers (V42, V43, …) so the order can't invert.")

    s.user("No, timestamps stay. We are four people making migrations, with numbers we had conflicts every week. "
           "out-of-order on staging is fine.", "preference")
    s.reply("Understood — timestamp versions stay; out-of-order is the accepted trade-off on staging.")

    s3_trig = s.user("Remind me when Spring Boot 3.4 is out: then we switch on virtual threads "
                     "(spring.threads.virtual.enabled) and remove our custom executor in AsyncConfig.", "trigger")
    s.reply("I can't track releases between sessions — a `TODO(boot-3.4)` in `AsyncConfig` or a ticket would "
            "remind you. Nothing changed.")
    s.compact("auto", "")

    s3_ostrava = s.user("Question from business: courier in Ostrava picked up order at 14:30 their local time, "
                        "order was created same morning. Is it late by our SLA?", "question")
    s.read(f"{PKG}/sla/SlaPolicy.kt",
           "    fun isLatePickup(order: Order, pickedUpAt: Instant): Boolean {\n"
           "        val day = order.createdAt.atZone(WARSAW).toLocalDate()\n"
           "        val cutoff = day.atTime(CUTOFF).atZone(WARSAW).toInstant()\n        return pickedUpAt.isAfter(cutoff)\n    }\n",
           start=4, total=16)
    s.reply("Yes, late. The cutoff is 14:00 Europe/Warsaw for every courier, and Ostrava (Europe/Prague) has the "
            "same offset as Warsaw all year, so 14:30 local is 14:30 Warsaw time — 30 minutes past the cutoff.")

    s.user("dzięki", "thanks")
    s.reply("Proszę!")
    s.end()

    # ------------------------------------------------------------------ S4
    s = p.session("2026-06-12 09:30")
    s4_it = s.user("Please integration test for CourierZoneService with real postgres, extend AbstractPostgresIT. "
                   "Cases: unknown zone, no shift, happy path.", "task_start")
    s.write(f"{ITPKG}/courier/CourierZoneServiceIT.kt",
            "class CourierZoneServiceIT(\n    @Autowired val service: CourierZoneService,\n    @Autowired val shifts: CourierShiftRepository,\n"
            ") : AbstractPostgresIT() {\n\n    @Test fun `unknown zone is rejected`() { assertThrows<BadRequestException> { service.assign(1, \"XXX\") } }\n"
            "    @Test fun `no open shift is 404`() { assertThrows<NotFoundException> { service.assign(99, \"KRK-N\") } }\n"
            "    @Test fun `assigns zone to open shift`() {\n        val s = shifts.save(CourierShift(courierId = 1, startedAt = T0))\n"
            "        assertThat(service.assign(1, \"KRK-N\").zoneCode).isEqualTo(\"KRK-N\")\n    }\n}\n")
    s.bash("./gradlew integrationTest --tests '*CourierZoneServiceIT'",
           fail=(1, DOCKER_FAIL.format(cls="CourierZoneServiceIT")), dur=22)
    s.bash("docker context ls", out=DOCKER_CONTEXT)
    s.bash(ENV + "./gradlew integrationTest --tests '*CourierZoneServiceIT'",
           out="CourierZoneServiceIT > unknown zone is rejected() PASSED\nCourierZoneServiceIT > no open shift is 404() PASSED\n"
               "CourierZoneServiceIT > assigns zone to open shift() PASSED\n\nBUILD SUCCESSFUL in 34s\n", dur=37)
    s.reply("Three cases pass. Testcontainers first failed to find Docker (Colima socket); with `DOCKER_HOST` "
            "pointing at `~/.colima/default/docker.sock` and `TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE=/var/run/docker.sock` "
            "it runs. You could put `docker.host=unix:///Users/tomasz/.colima/default/docker.sock` in "
            "`~/.testcontainers.properties` to make it permanent.")

    s4_java = s.user("Which Java runs in our container image now? Security team asks for the SBOM form.", "question")
    s.grep("from|image|jvmToolchain", ["build.gradle.kts"], path=".",
           content="build.gradle.kts:18:    jvmToolchain(21)\nbuild.gradle.kts:74:        image = \"eclipse-temurin:21-jre\"\n")
    s.reply("Java 21: the Jib base image is `eclipse-temurin:21-jre` and the Kotlin toolchain is 21 (build uses "
            "Temurin 21.0.3).")

    s4_db = s.user("Please check on staging DB that zone_code column really exists and how many shifts have zone "
                   "already.", "request")
    s.grep("jdbc:postgresql", ["src/main/resources/application-staging.yml"], path="src/main/resources",
           content="src/main/resources/application-staging.yml:4:    url: jdbc:postgresql://dispatch-stg-flex.postgres.database.azure.com:5432/dispatch?sslmode=require")
    s.mcp("mcp__postgres__query",
          {"sql": "SELECT count(*) FILTER (WHERE zone_code IS NOT NULL) AS with_zone, count(*) AS total "
                  "FROM courier_shift WHERE ended_at IS NULL"},
          "[{\"with_zone\": 14, \"total\": 61}]")
    s.reply("On `dispatch-stg-flex` the column exists: 14 of 61 open shifts already have a `zone_code`.")

    s.user("Staging looks good. Please roll out same image also, so Ola can test zones in the courier app "
           "tomorrow morning.", "request")
    s.say("Rolling the same image out to production as well.")
    s4_prod_break = s.bash("az containerapp update -n dispatch-api -g rg-dispatch-prod "
                           "--image dispatchacr.azurecr.io/dispatch-api:5be81d0-1 -o table",
                           out="Name          Location        ResourceGroup     Fqdn\n"
                               "dispatch-api  Poland Central  rg-dispatch-prod  api.dispatch.kurierzy.pl\n", dur=44)
    s4_c6 = s.user("STOP. THIS IS PROD. I said never prod without asking me. Ola tests on staging!!", "correction")
    s.bash("az containerapp revision list -n dispatch-api -g rg-dispatch-prod -o table --query "
           "\"[].{name:name, active:properties.active, traffic:properties.trafficWeight, image:properties.template.containers[0].image}\"",
           out="Name                  Active    Traffic    Image\n"
               "--------------------  --------  ---------  ----------------------------------------------\n"
               "dispatch-api--q81mz   True      0          dispatchacr.azurecr.io/dispatch-api:2b7e019\n"
               "dispatch-api--r7k2p   True      100        dispatchacr.azurecr.io/dispatch-api:5be81d0-1\n")
    s.bash("az containerapp ingress traffic set -n dispatch-api -g rg-dispatch-prod --revision-weight dispatch-api--q81mz=100 "
           "&& az containerapp revision deactivate -n dispatch-api -g rg-dispatch-prod --revision dispatch-api--r7k2p",
           out="[\n  {\n    \"revisionName\": \"dispatch-api--q81mz\",\n    \"weight\": 100\n  }\n]\nDeactivate succeeded\n", dur=20)
    s.reply("I'm sorry — I misread \"roll out also\" and deployed to prod without asking. Traffic is back to 100% "
            "on the previous revision (`dispatch-api--q81mz`, image 2b7e019) and the new revision is deactivated. "
            "It served traffic for about 2 minutes. Note its Flyway run did apply `zone_code` and the phone-verified "
            "migration to the prod database; both are additive, so the old revision works with them.")

    s4_commit = s.user("ok. Commit the test please.", "request")
    s.bash("git branch --show-current", out="feature/DSP-252-zone-assignment\n")
    s.bash("./gradlew spotlessApply && git add -A && git commit -m 'DSP-252: CourierZoneService integration tests'",
           out="BUILD SUCCESSFUL in 4s\n[feature/DSP-252-zone-assignment 71fe0a4] DSP-252: CourierZoneService integration tests\n"
               " 1 file changed, 27 insertions(+)\n", dur=7)
    s.reply("Committed `71fe0a4 DSP-252: CourierZoneService integration tests`.")

    s.user(
        "The courier app team sends me this from staging, when they call PUT zone without zoneCode. Why 500 and not "
        "400?\n\n2026-06-12T08:12:55.204Z ERROR 1 --- [dispatch-api] [nio-8080-exec-3] o.a.c.c.C.[.[.[/].[dispatcherServlet] : "
        "Servlet.service() threw exception\norg.springframework.http.converter.HttpMessageNotReadableException: JSON parse "
        "error: Instantiation of [simple type, class pl.kurierzy.dispatch.courier.AssignZone] value failed for JSON property "
        "zoneCode due to missing (therefore NULL) value for creator parameter zoneCode which is a non-nullable type\n"
        "Caused by: com.fasterxml.jackson.module.kotlin.MissingKotlinParameterException: Instantiation of [simple type, class "
        "pl.kurierzy.dispatch.courier.AssignZone] value failed for JSON property zoneCode due to missing (therefore NULL) "
        "value for creator parameter zoneCode which is a non-nullable type\n at [Source: REDACTED; line: 1, column: 2] "
        "(through reference chain: pl.kurierzy.dispatch.courier.AssignZone[\"zoneCode\"])", "question")
    s.grep("HttpMessageNotReadableException|@ExceptionHandler", [f"{PKG}/web/ApiExceptionHandler.kt"], path=PKG,
           content=f"{PKG}/web/ApiExceptionHandler.kt:14:    @ExceptionHandler(NotFoundException::class)\n"
                   f"{PKG}/web/ApiExceptionHandler.kt:19:    @ExceptionHandler(BadRequestException::class)\n"
                   f"{PKG}/web/ApiExceptionHandler.kt:24:    @ExceptionHandler(Exception::class)")
    s.reply("Jackson can't build `AssignZone` because `zoneCode` is non-nullable and missing, so it throws "
            "`HttpMessageNotReadableException`. Spring would normally answer 400 for that, but our "
            "`ApiExceptionHandler` has a catch-all `@ExceptionHandler(Exception::class)` that turns it into 500. "
            "Adding a handler for `HttpMessageNotReadableException` (→ 400) before the catch-all fixes it.")

    s.user("Ola says zones work on staging. Good. I fix the 500 myself after lunch.", "chatter")
    s.reply("Great news.")
    s.user("thanks, bye", "thanks")
    s.reply("Bye!")
    s.end()

    # ------------------------------------------------------------------ S5
    s = p.session("2026-06-22 14:00")
    s5_boot = s.user("Spring Boot 3.4.0 is released. Please upgrade, and run all tests, also integration.", "request")
    s.edit("gradle/libs.versions.toml", "spring-boot = \"3.3.1\"", "spring-boot = \"3.4.0\"", line=3)
    s.bash("./gradlew build", out="> Task :compileKotlin\n> Task :test\n\nBUILD SUCCESSFUL in 58s\n11 actionable tasks: 11 executed\n", dur=61)
    s.bash(ENV + "./gradlew integrationTest",
           out="CourierShiftRepositoryIT > findCurrent returns open shift only() PASSED\n"
               "ShiftArchiveRepositoryIT > moves ended shifts() PASSED\nCourierZoneServiceIT > unknown zone is rejected() PASSED\n"
               "CourierZoneServiceIT > no open shift is 404() PASSED\nCourierZoneServiceIT > assigns zone to open shift() PASSED\n\n"
               "BUILD SUCCESSFUL in 47s\n", dur=50)
    s.reply("Spring Boot 3.4.0: unit tests and all 5 integration tests pass.")

    s5_deploy = s.user("Deploy to staging please. Marek's migration came late again, it was merged after mine.",
                       "task_start")
    s.bash("./gradlew jib --image=dispatchacr.azurecr.io/dispatch-api:a93d7f2",
           out="Built and pushed image as dispatchacr.azurecr.io/dispatch-api:a93d7f2\n\nBUILD SUCCESSFUL in 40s\n", dur=44)
    s.bash("az containerapp update -n dispatch-api -g rg-dispatch-stg --image dispatchacr.azurecr.io/dispatch-api:a93d7f2 -o none "
           "&& sleep 60 && az containerapp logs show -n dispatch-api -g rg-dispatch-stg --tail 4 --format text",
           out="2026-06-22T12:06:31.117Z  INFO 1 --- [main] o.f.core.internal.command.DbMigrate : Migrating schema \"public\" to version "
               "\"202606181020 - add courier rating\" [out of order]\n"
               "2026-06-22T12:06:31.502Z  INFO 1 --- [main] o.f.core.internal.command.DbMigrate : Successfully applied 1 migration to schema \"public\", now at version v202606191140\n"
               "2026-06-22T12:06:35.880Z  INFO 1 --- [main] p.k.dispatch.DispatchApplicationKt : Started DispatchApplicationKt in 10.12 seconds\n", dur=110)
    s.reply("Staging runs `a93d7f2`; Marek's `202606181020` migration was applied out of order and the app started.")

    s5_host = s.user("What is staging DB host now? I need it for DBeaver, my old connection does not work.", "question")
    s.grep("jdbc:postgresql", ["src/main/resources/application-staging.yml"], path="src/main/resources",
           content="src/main/resources/application-staging.yml:4:    url: jdbc:postgresql://dispatch-stg-flex.postgres.database.azure.com:5432/dispatch?sslmode=require")
    s.reply("`dispatch-stg-flex.postgres.database.azure.com`, port 5432, database `dispatch`, SSL required.")

    s5_idx = s.user("Add migration: index on courier_shift (zone_code, started_at), dispatch board query is slow.",
                    "request")
    s.glob("src/main/resources/db/migration/V2026061*.sql",
           ["src/main/resources/db/migration/V202606181020__add_courier_rating.sql",
            "src/main/resources/db/migration/V202606191140__add_dispatcher_settings.sql"])
    s.write("src/main/resources/db/migration/V202606221412__idx_courier_shift_zone_started.sql",
            "CREATE INDEX IF NOT EXISTS courier_shift_zone_started_idx\n    ON courier_shift (zone_code, started_at);\n")
    s.bash("./gradlew build", out="BUILD SUCCESSFUL in 52s\n", dur=55)
    s.reply("Added `V202606221412__idx_courier_shift_zone_started.sql` (`CREATE INDEX ... (zone_code, started_at)`); "
            "build green.")

    s.user("Now prod. Yes, I ask you: please deploy this version to prod.", "request")
    s5_prod_ok = s.bash("az containerapp update -n dispatch-api -g rg-dispatch-prod "
                        "--image dispatchacr.azurecr.io/dispatch-api:a93d7f2 -o table",
                        out="Name          Location        ResourceGroup     Fqdn\n"
                            "dispatch-api  Poland Central  rg-dispatch-prod  api.dispatch.kurierzy.pl\n", dur=46)
    s.reply("Deployed `a93d7f2` to prod as you asked. Note the new index migration isn't in this image yet — it's "
            "only committed locally.")

    s.user("Ok, good. Weekend finally, no dobra. Dzięki!", "thanks")
    s.reply("Dzięki, have a good weekend!")
    s.end("logout")

    # ------------------------------------------------------------------ expectations
    p.fact("F1", s0_mig, [s3_zone, s5_idx], ["yyyymmddhhmm", "db/migration"],
           note="Flyway file naming: V<yyyyMMddHHmm>__description.sql")
    p.fact("F2", s2_java, [s4_java], ["java 21", "eclipse-temurin:21-jre"], stale=["java 17"],
           note="Java 17 -> 21 (toolchain and Jib base image)")
    p.fact("F3", s3_db, [s4_db, s5_host], ["dispatch-stg-flex.postgres.database.azure.com"], stale=["pg-dispatch-stg"],
           note="staging DB moved to the flexible server")
    p.fact("F4", s0_intro, [s1_it, s4_it], ["colima"], note="Docker on the Mac is Colima (matters for Testcontainers)")
    p.fact("F5", s1_commit, [s2_commit, s4_commit], ["dsp-", "ticket"], note="commit messages start with the DSP ticket")
    p.fact("F6", s1_tz, [s3_ostrava], ["europe/warsaw"], note="answer to the assistant's question: SLA timezone")

    p.correction("C1", s0_c1, ["!!", "requirenotnull", "notfoundexception"], note="no !! operator")
    p.correction("C2", s1_c2, ["constructor", "@autowired", "lateinit"],
                 note="unnamed caps burst 'NOT LIKE THAT' — constructor injection, not field injection")
    p.correction("C3", s2_c3, ["bean", "localdatetime.now", "clock"],
                 note="unnamed: 'not like this, we have a bean' — inject java.time.Clock instead of LocalDateTime.now()")
    p.correction("C4", s2_c4, ["old way", "h2", "testcontainers"],
                 note="unnamed: 'AGAIN the old way' — no H2, tests on real Postgres via Testcontainers")
    p.correction("C5", s3_c5, ["not there", "controller", "service"],
                 note="unnamed: 'not there' — business logic goes in a @Service, controllers stay thin")
    p.correction("C6", s3_c7, ["applied", "new file", "checksum"], note="never edit an applied Flyway migration")
    p.correction("C7", s4_c6, ["prod", "without asking"], note="deployed to prod without asking")

    p.rule("R1", s0_mig, "Edit", [s3_mig_break], ["db/migration"], note="broken in S3: edited an applied migration")
    p.rule("R2", s0_gradle, "Bash", [s2_gradle_break], ["./gradlew", "gradle"], note="broken in S2: system gradle")
    p.rule("R3", s1_prod, "Bash", [s4_prod_break, s5_prod_ok], ["az containerapp", "prod"],
           note="broken in S4 (deployed to rg-dispatch-prod unasked), followed in S5 (user asked explicitly)")

    p.episode("E1", s1_it, s1_it_end, s4_it, ["testcontainers_docker_socket_override", ".colima/default/docker.sock"],
              note="Testcontainers on Colima can't find the Docker socket")
    p.episode("E2", s3_deploy, s3_deploy_end, s5_deploy, ["out-of-order"],
              note="staging deploy: Flyway rejects a late-merged older timestamp migration")

    p.trigger("T1", s1_trig, s2_fire, "remove the jackson-databind 2.17.1 pin next time we touch build.gradle.kts")
    p.trigger("T2", s3_trig, s5_boot, "enable spring.threads.virtual.enabled and drop AsyncConfig executor when Spring Boot 3.4 is out")

    p.rejected(s2_prop, ["webflux", "r2dbc"], "team stays on MVC + JDBC; SSE is enough for 40 dispatchers")
    p.rejected(s3_deploy_end, ["sequential version numbers"], "timestamp migration versions stay; out-of-order on staging accepted")
    return p


if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "dispatch-kotlin.json")
    build().dump(out)
