"""hisaab-turbo: Next.js 14 App Router + tRPC 11 + Prisma 5 turborepo (pnpm), Neon Postgres, Vercel.

Voice: Indian-English full-stack dev at a two-person startup ("kindly", "do the needful",
"same error is coming", "I told na", "PFB", "revert back", "preponed", "itself", "only").
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "_gen6"))
from builder import Project  # noqa: E402

CWD = "/home/arjun/work/hisaab"

SCHEMA_V0 = """generator client {
  provider = "prisma-client-js"
}

datasource db {
  provider  = "postgresql"
  url       = env("DATABASE_URL")
  directUrl = env("DIRECT_URL")
}

model Business {
  id        String     @id @default(cuid())
  name      String
  gstin     String?
  stateCode String     @db.Char(2)
  customers Customer[]
  invoices  Invoice[]
  createdAt DateTime   @default(now())
}

model Customer {
  id         String    @id @default(cuid())
  businessId String
  business   Business  @relation(fields: [businessId], references: [id])
  name       String
  phone      String?
  gstin      String?
  invoices   Invoice[]
  createdAt  DateTime  @default(now())

  @@index([businessId, name])
}

model Invoice {
  id            String        @id @default(cuid())
  businessId    String
  business      Business      @relation(fields: [businessId], references: [id])
  customerId    String
  customer      Customer      @relation(fields: [customerId], references: [id])
  status        InvoiceStatus @default(DRAFT)
  subtotalPaise Int
  totalPaise    Int
  issuedAt      DateTime?
  dueAt         DateTime?
  lines         InvoiceLine[]
  createdAt     DateTime      @default(now())
}

model InvoiceLine {
  id         String  @id @default(cuid())
  invoiceId  String
  invoice    Invoice @relation(fields: [invoiceId], references: [id], onDelete: Cascade)
  item       String
  qty        Int
  ratePaise  Int
  gstRateBps Int
}

enum InvoiceStatus {
  DRAFT
  SENT
  PAID
  CANCELLED
}
"""

TURBO_V0 = """{
  "$schema": "https://turbo.build/schema.json",
  "ui": "stream",
  "tasks": {
    "build": {
      "dependsOn": ["^build"],
      "outputs": [".next/**", "!.next/cache/**", "dist/**"]
    },
    "typecheck": {
      "dependsOn": ["^build"]
    },
    "test": {},
    "lint": {},
    "dev": {
      "cache": false,
      "persistent": true
    }
  }
}
"""

CUSTOMER_ROUTER = """import { z } from "zod";
import { TRPCError } from "@trpc/server";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const customerRouter = createTRPCRouter({
  list: protectedProcedure
    .input(z.object({ q: z.string().optional() }))
    .query(({ ctx, input }) =>
      ctx.db.customer.findMany({
        where: {
          businessId: ctx.session.businessId,
          ...(input.q ? { name: { contains: input.q, mode: "insensitive" } } : {}),
        },
        orderBy: { name: "asc" },
      }),
    ),

  byId: protectedProcedure
    .input(z.object({ id: z.string() }))
    .query(async ({ ctx, input }) => {
      const c = await ctx.db.customer.findFirst({
        where: { id: input.id, businessId: ctx.session.businessId },
      });
      if (!c) throw new TRPCError({ code: "NOT_FOUND" });
      return c;
    }),
});
"""


def build():
    p = Project("hisaab-turbo", CWD,
                voice="Indian-English startup dev: 'kindly', 'do the needful', 'same error is coming', "
                      "'I told na', 'PFB', 'revert back', 'preponed', 'itself/only' for emphasis; greets "
                      "'good morning', pastes logs from teammates",
                stack="Turborepo + pnpm 9 workspaces; Next.js 14.2 App Router (apps/web), tRPC 11 rc -> 11.0.0 "
                      "(packages/api), Prisma 5 on Neon Postgres (packages/db), shadcn/ui (packages/ui), "
                      "Auth.js v5, Vitest, Vercel; Razorpay -> Cashfree; Node 18.19 -> 20.11",
                seed=6101)
    F, C, R, E, T = {}, {}, {}, {}, {}

    # ------------------------------------------------------------------ s0
    s = p.session("2026-07-06 04:41")
    F["node"] = s.user(
        "Hi, good morning. Quick context first: this is our turborepo for Hisaab (GST billing for small "
        "shops), pnpm workspace, node 18.19 as per .nvmrc. apps/web is the Next app, packages/api is trpc, "
        "packages/db is prisma. Kindly run the build once and tell me if everything is fine.", "fact")
    s.say("Let me check the toolchain and run a full build.")
    s.read(".nvmrc", "18.19.1\n")
    s.read("package.json", """{
  "name": "hisaab",
  "private": true,
  "packageManager": "pnpm@9.4.0",
  "engines": { "node": ">=18.19 <19" },
  "scripts": {
    "build": "turbo build",
    "dev": "turbo dev",
    "typecheck": "turbo typecheck",
    "test": "turbo test",
    "lint": "turbo lint"
  },
  "devDependencies": {
    "turbo": "^2.0.6",
    "typescript": "5.4.5",
    "prettier": "^3.3.2"
  },
  "pnpm": {
    "overrides": {
      "@trpc/server": "11.0.0-rc.446",
      "@trpc/client": "11.0.0-rc.446",
      "@trpc/react-query": "11.0.0-rc.446"
    }
  }
}
""")
    s.bash("pnpm turbo build", desc="Full monorepo build", dur=(70, 95), out="""\
turbo 2.0.6

• Packages in scope: @hisaab/api, @hisaab/db, @hisaab/ui, @hisaab/eslint-config, @hisaab/tsconfig, web
• Running build in 6 packages
• Remote caching disabled
@hisaab/db:build: cache miss, executing 5c1e0d7a2b9f4e61
@hisaab/db:build: > @hisaab/db@0.0.0 build /home/arjun/work/hisaab/packages/db
@hisaab/db:build: > tsc -p tsconfig.json
@hisaab/ui:build: cache miss, executing 0a9d33f1c0be7e25
@hisaab/api:build: cache miss, executing 9e7b2c4f11d08a3c
web:build: cache miss, executing 6f0e2f83c4d1a9b7
web:build: > web@0.1.0 build /home/arjun/work/hisaab/apps/web
web:build: > next build
web:build:   ▲ Next.js 14.2.4
web:build:   - Environments: .env.local
web:build:    Creating an optimized production build ...
web:build:  ✓ Compiled successfully
web:build:    Linting and checking validity of types ...
web:build:    Collecting page data ...
web:build:    Generating static pages (9/9)
web:build:  ✓ Generating static pages (9/9)
web:build: Route (app)                              Size     First Load JS
web:build: ┌ ○ /                                    5.2 kB         94.1 kB
web:build: ├ ƒ /api/auth/[...nextauth]              0 B                0 B
web:build: ├ ƒ /api/trpc/[trpc]                     0 B                0 B
web:build: ├ ƒ /customers                           3.9 kB          121 kB
web:build: ├ ƒ /invoices                            4.4 kB          122 kB
web:build: └ ƒ /invoices/[id]                       6.1 kB          124 kB
web:build: ƒ  (Dynamic)  server-rendered on demand

 Tasks:    4 successful, 4 total
Cached:    0 cached, 4 total
  Time:    1m21.337s
""")
    s.reply("Build is green: 4 tasks, Next.js 14.2.4, ~1m21s cold. Node 18.19.1 from `.nvmrc`, pnpm 9.4.0, "
            "turbo 2.0.6. One thing I noticed: root `package.json` pins all `@trpc/*` to `11.0.0-rc.446` "
            "through `pnpm.overrides`.")

    e1a = s.user("Ok good. First task — add discount on invoice. Optional, default 0, and it should reduce "
                 "the total. Add field in Invoice model and make the migration.", "task_start")
    s.say("I'll add the column to the Prisma schema, create a migration, then update the total calculation "
          "in the invoice router.")
    s.read("packages/db/prisma/schema.prisma", SCHEMA_V0)
    s.edit("packages/db/prisma/schema.prisma",
           "  subtotalPaise Int\n  totalPaise    Int\n",
           "  subtotalPaise Int\n  discountPaise Int           @default(0)\n  totalPaise    Int\n", line=46)
    s.bash("pnpm --filter @hisaab/db exec prisma migrate dev --name add_invoice_discount --create-only",
           dur=(6, 12), out="""\
Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "hisaab", schema "public" at "ep-quiet-sun-a1k9x2.ap-southeast-1.aws.neon.tech"

Prisma Migrate created the following migration without applying it 20260706045312_add_invoice_discount

You can now edit it and apply it by running prisma migrate dev.
""")
    s.read("packages/db/prisma/migrations/20260706045312_add_invoice_discount/migration.sql",
           "-- AlterTable\nALTER TABLE \"Invoice\" ADD COLUMN     \"discountPaise\" INTEGER NOT NULL DEFAULT 0;\n")
    s.bash("pnpm --filter @hisaab/db exec prisma migrate deploy", dur=(5, 9), out="""\
Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "hisaab", schema "public" at "ep-quiet-sun-a1k9x2.ap-southeast-1.aws.neon.tech"

4 migrations found in prisma/migrations

Applying migration `20260706045312_add_invoice_discount`

The following migration(s) have been applied:

migrations/
  └─ 20260706045312_add_invoice_discount/
    └─ migration.sql

All migrations have been successfully applied.
""")
    s.read("packages/api/src/routers/invoice.ts", """import { z } from "zod";
import { TRPCError } from "@trpc/server";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import { computeTotals } from "../lib/totals";

export const invoiceRouter = createTRPCRouter({
  byId: protectedProcedure
    .input(z.object({ id: z.string() }))
    .query(async ({ ctx, input }) => {
      const inv = await ctx.db.invoice.findFirst({
        where: { id: input.id, businessId: ctx.session.businessId },
        include: { lines: true, customer: true },
      });
      if (!inv) throw new TRPCError({ code: "NOT_FOUND" });
      return inv;
    }),

  update: protectedProcedure
    .input(z.object({ id: z.string(), lines: z.array(lineInput) }))
    .mutation(async ({ ctx, input }) => {
      const { subtotalPaise, totalPaise } = computeTotals(input.lines);
      return ctx.db.invoice.update({
        where: { id: input.id, businessId: ctx.session.businessId },
        data: { subtotalPaise, totalPaise, lines: { deleteMany: {}, create: input.lines } },
      });
    }),
});
""")
    s.edit("packages/api/src/routers/invoice.ts",
           "    .input(z.object({ id: z.string(), lines: z.array(lineInput) }))\n"
           "    .mutation(async ({ ctx, input }) => {\n"
           "      const { subtotalPaise, totalPaise } = computeTotals(input.lines);\n"
           "      return ctx.db.invoice.update({\n"
           "        where: { id: input.id, businessId: ctx.session.businessId },\n"
           "        data: { subtotalPaise, totalPaise, lines: { deleteMany: {}, create: input.lines } },",
           "    .input(z.object({\n"
           "      id: z.string(),\n"
           "      lines: z.array(lineInput),\n"
           "      discountPaise: z.number().int().min(0).default(0),\n"
           "    }))\n"
           "    .mutation(async ({ ctx, input }) => {\n"
           "      const { subtotalPaise, totalPaise } = computeTotals(input.lines, input.discountPaise);\n"
           "      return ctx.db.invoice.update({\n"
           "        where: { id: input.id, businessId: ctx.session.businessId },\n"
           "        data: {\n"
           "          subtotalPaise,\n"
           "          discountPaise: input.discountPaise,\n"
           "          totalPaise,\n"
           "          lines: { deleteMany: {}, create: input.lines },\n"
           "        },", line=18)
    s.edit("packages/api/src/lib/totals.ts",
           "export function computeTotals(lines: LineInput[]) {\n"
           "  const subtotalPaise = lines.reduce((s, l) => s + l.qty * l.ratePaise, 0);\n"
           "  const taxPaise = lines.reduce((s, l) => s + Math.round((l.qty * l.ratePaise * l.gstRateBps) / 10000), 0);\n"
           "  return { subtotalPaise, totalPaise: subtotalPaise + taxPaise };",
           "export function computeTotals(lines: LineInput[], discountPaise = 0) {\n"
           "  const subtotalPaise = lines.reduce((s, l) => s + l.qty * l.ratePaise, 0);\n"
           "  const taxPaise = lines.reduce((s, l) => s + Math.round((l.qty * l.ratePaise * l.gstRateBps) / 10000), 0);\n"
           "  return { subtotalPaise, totalPaise: Math.max(0, subtotalPaise + taxPaise - discountPaise) };", line=8)
    s.bash("pnpm --filter @hisaab/api typecheck", dur=(9, 16), fail=(2, """\
> @hisaab/api@0.0.0 typecheck /home/arjun/work/hisaab/packages/api
> tsc --noEmit

src/routers/invoice.ts(31,11): error TS2353: Object literal may only specify known properties, and 'discountPaise' does not exist in type '(Without<InvoiceUpdateInput, InvoiceUncheckedUpdateInput> & InvoiceUncheckedUpdateInput) | (Without<...> & InvoiceUpdateInput)'.

 ELIFECYCLE  Command failed with exit code 2."""))
    s.say("The generated Prisma client is stale: neither `migrate dev --create-only` nor `migrate deploy` "
          "runs generators, and turbo has no task that does. Regenerating, and wiring "
          "`db:generate` into the pipeline so this can't recur.")
    s.read("packages/db/package.json", """{
  "name": "@hisaab/db",
  "version": "0.0.0",
  "private": true,
  "main": "./src/index.ts",
  "scripts": {
    "build": "tsc -p tsconfig.json",
    "db:generate": "prisma generate",
    "db:migrate": "prisma migrate dev",
    "db:studio": "prisma studio"
  },
  "dependencies": { "@prisma/client": "5.16.1" },
  "devDependencies": { "prisma": "5.16.1" }
}
""")
    s.bash("pnpm --filter @hisaab/db db:generate", dur=(3, 6), out="""\
> @hisaab/db@0.0.0 db:generate /home/arjun/work/hisaab/packages/db
> prisma generate

Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma

✔ Generated Prisma Client (v5.16.1) to ./../../node_modules/.pnpm/@prisma+client@5.16.1_prisma@5.16.1/node_modules/@prisma/client in 142ms
""")
    s.edit("turbo.json",
           "    \"build\": {\n      \"dependsOn\": [\"^build\"],",
           "    \"db:generate\": {\n      \"cache\": false\n    },\n"
           "    \"build\": {\n      \"dependsOn\": [\"^db:generate\", \"^build\"],", line=4)
    s.edit("turbo.json",
           "    \"typecheck\": {\n      \"dependsOn\": [\"^build\"]",
           "    \"typecheck\": {\n      \"dependsOn\": [\"^db:generate\", \"^build\"]", line=14)
    s.bash("pnpm turbo typecheck build --filter=web...", dur=(60, 80), out="""\
• Packages in scope: @hisaab/api, @hisaab/db, @hisaab/ui, web
• Running typecheck, build in 4 packages
@hisaab/db:db:generate: ✔ Generated Prisma Client (v5.16.1) in 139ms
@hisaab/api:typecheck: > tsc --noEmit
web:build:  ✓ Compiled successfully
web:build:  ✓ Generating static pages (9/9)

 Tasks:    7 successful, 7 total
Cached:    2 cached, 7 total
  Time:    58.902s
""")
    e1b = s.reply("Done:\n- `Invoice.discountPaise Int @default(0)` + migration `20260706045312_add_invoice_discount` "
                  "(applied to the Neon dev DB)\n- `computeTotals(lines, discountPaise)` subtracts it, clamped at 0\n\n"
                  "The first typecheck failed because the Prisma client was stale. Fix: run `db:generate` "
                  "after any schema change. I've made it permanent in `turbo.json`: a `db:generate` task "
                  "(cache: false) and `build`/`typecheck` now have `dependsOn: [\"^db:generate\", \"^build\"]`, "
                  "so turbo regenerates the client before anything downstream compiles.")

    R["npx"] = s.user("One thing — use pnpm only in this repo. Never npm or npx. npx picks my global prisma 4 "
                      "and it messes up the client, happened twice already. For one-off binaries use pnpm exec "
                      "or pnpm dlx.", "preference")
    s.reply("Understood: pnpm only. `pnpm exec` for workspace binaries, `pnpm dlx` for one-offs, never `npm`/`npx`.")

    s.user("Now show the discount in invoice detail page, below subtotal row. Red colour with minus sign.",
           "request")
    s.read("apps/web/src/app/(app)/invoices/[id]/page.tsx", """import { notFound } from "next/navigation";
import { api } from "~/trpc/server";
import { InvoiceHeader } from "./invoice-header";
import { LinesTable } from "./lines-table";
import { formatINR } from "~/lib/money";

export default async function InvoicePage({ params }: { params: { id: string } }) {
  const invoice = await api.invoice.byId({ id: params.id }).catch(() => null);
  if (!invoice) notFound();

  return (
    <div className="space-y-6">
      <InvoiceHeader invoice={invoice} />
      <LinesTable lines={invoice.lines} />
      <dl className="ml-auto w-72 space-y-1 text-sm">
        <div className="flex justify-between"><dt>Subtotal</dt><dd>{formatINR(invoice.subtotalPaise)}</dd></div>
        <div className="flex justify-between font-semibold"><dt>Total</dt><dd>{formatINR(invoice.totalPaise)}</dd></div>
      </dl>
    </div>
  );
}
""")
    s.edit("apps/web/src/app/(app)/invoices/[id]/page.tsx",
           "import { notFound } from \"next/navigation\";\nimport { api } from \"~/trpc/server\";",
           "import { notFound } from \"next/navigation\";\nimport { db } from \"@hisaab/db\";\nimport { api } from \"~/trpc/server\";", line=1)
    s.edit("apps/web/src/app/(app)/invoices/[id]/page.tsx",
           "        <div className=\"flex justify-between\"><dt>Subtotal</dt><dd>{formatINR(invoice.subtotalPaise)}</dd></div>\n",
           "        <div className=\"flex justify-between\"><dt>Subtotal</dt><dd>{formatINR(invoice.subtotalPaise)}</dd></div>\n"
           "        {discount.discountPaise > 0 && (\n"
           "          <div className=\"flex justify-between text-red-600\">\n"
           "            <dt>Discount</dt><dd>−{formatINR(discount.discountPaise)}</dd>\n"
           "          </div>\n"
           "        )}\n", line=16)
    s.edit("apps/web/src/app/(app)/invoices/[id]/page.tsx",
           "  if (!invoice) notFound();\n",
           "  if (!invoice) notFound();\n  const discount = await db.invoice.findUniqueOrThrow({\n"
           "    where: { id: params.id },\n    select: { discountPaise: true },\n  });\n", line=9)
    s.reply("Added a red `Discount −₹x` row under Subtotal, shown only when the discount is non-zero. "
            "The page reads `discountPaise` with a small Prisma query.")

    C["trpc"] = s.user("No no, in page we never call prisma directly. Everything goes through trpc router only, "
                       "that's why byId is there. Also your query has no businessId check. Kindly remove the "
                       "prisma import from page.tsx and just return discount from the invoice router itself.",
                       "correction")
    s.edit("apps/web/src/app/(app)/invoices/[id]/page.tsx",
           "  if (!invoice) notFound();\n  const discount = await db.invoice.findUniqueOrThrow({\n"
           "    where: { id: params.id },\n    select: { discountPaise: true },\n  });\n",
           "  if (!invoice) notFound();\n", line=9)
    s.edit("apps/web/src/app/(app)/invoices/[id]/page.tsx",
           "import { db } from \"@hisaab/db\";\n", "", line=2)
    s.edit("apps/web/src/app/(app)/invoices/[id]/page.tsx",
           "        {discount.discountPaise > 0 && (\n"
           "          <div className=\"flex justify-between text-red-600\">\n"
           "            <dt>Discount</dt><dd>−{formatINR(discount.discountPaise)}</dd>",
           "        {invoice.discountPaise > 0 && (\n"
           "          <div className=\"flex justify-between text-red-600\">\n"
           "            <dt>Discount</dt><dd>−{formatINR(invoice.discountPaise)}</dd>", line=15)
    s.bash("pnpm --filter web typecheck", dur=(12, 20), out="> web@0.1.0 typecheck /home/arjun/work/hisaab/apps/web\n> tsc --noEmit\n")
    s.reply("Fixed. The page now only uses `api.invoice.byId`. `byId` already returns the full invoice row, "
            "scoped by `businessId`, so `discountPaise` comes through it and no router change was needed. "
            "I removed the direct `@hisaab/db` import from `page.tsx`. Typecheck passes.")

    s.user("One doubt. PFB the warning coming in my terminal every time I open the invoice page in dev, Priya "
           "also gets it:\n\n```\n ⚠ Fast Refresh had to perform a full reload. Read more: "
           "https://nextjs.org/docs/messages/fast-refresh-reload\nWarning: Extra attributes from the server: "
           "data-new-gr-c-s-check-loaded,data-gr-ext-installed\n    at body\n    at html\n    at RootLayout "
           "(Server)\n    at RedirectErrorBoundary (webpack-internal:///(app-pages-browser)/../../node_modules/"
           ".pnpm/next@14.2.4_react-dom@18.3.1_react@18.3.1/node_modules/next/dist/client/components/redirect-"
           "boundary.js:74:9)\n    at RedirectBoundary (webpack-internal:///(app-pages-browser)/../../node_modules"
           "/.pnpm/next@14.2.4_react-dom@18.3.1_react@18.3.1/node_modules/next/dist/client/components/redirect-"
           "boundary.js:82:11)\n    at NotFoundBoundary (webpack-internal:///(app-pages-browser)/../../node_modules"
           "/.pnpm/next@14.2.4_react-dom@18.3.1_react@18.3.1/node_modules/next/dist/client/components/not-found-"
           "boundary.js:84:11)\n    at DevRootNotFoundBoundary\n    at ReactDevOverlay\n    at HotReload\n    at Router\n"
           "```\n\nIs it our bug or what? Should we worry before launch?", "question")
    s.reply("Not your bug. `data-new-gr-c-s-check-loaded` and `data-gr-ext-installed` are attributes the "
            "**Grammarly** browser extension injects into `<body>` before React hydrates, so the server HTML "
            "and the client DOM differ. You'll only see it on machines with the extension. Production users "
            "with Grammarly get the same mismatch, but React recovers silently there. If the noise bothers "
            "you, add `suppressHydrationWarning` to `<body>` in `app/layout.tsx`; it only suppresses "
            "attribute mismatches on that one element. The Fast Refresh full reload is a separate thing: it "
            "happens when a file that exports non-components is edited.")

    s.user("Next, invoice number. Currently the cuid is showing in UI and PDF, looks very bad. Make proper "
           "invoice numbers.", "request")
    s.grep("invoice\\.id", ["apps/web/src/app/(app)/invoices/[id]/invoice-header.tsx",
                            "apps/web/src/components/invoice-pdf.tsx",
                            "apps/web/src/app/(app)/invoices/invoice-table.tsx"], path="apps/web/src")
    s.reply("Before I build this: what format do you want for invoice numbers? In particular: any prefix, "
            "whether the sequence is per business, and whether it resets every financial year (GST rules "
            "allow a yearly reset as long as numbers are unique within the FY).")

    F["fy"] = s.user("Format is HSB/<FY>/<4 digit seq>, like HSB/2026-27/0042. FY is April to March, Indian FY "
                     "only. seq is per business and resets every 1st April.", "fact")
    s.say("I'll add a per-business, per-FY counter table and allocate numbers in a transaction.")
    s.edit("packages/db/prisma/schema.prisma",
           "enum InvoiceStatus {",
           "model InvoiceCounter {\n  businessId String\n  fy         String @db.Char(7)\n  last       Int    @default(0)\n\n"
           "  @@id([businessId, fy])\n}\n\nenum InvoiceStatus {", line=66)
    s.edit("packages/db/prisma/schema.prisma",
           "  status        InvoiceStatus @default(DRAFT)\n",
           "  number        String?\n  status        InvoiceStatus @default(DRAFT)\n", line=44)
    s.bash("pnpm --filter @hisaab/db exec prisma migrate dev --name invoice_number_counter", dur=(6, 12), out="""\
Applying migration `20260706061840_invoice_number_counter`

The following migration(s) have been created and applied from new schema changes:

migrations/
  └─ 20260706061840_invoice_number_counter/
    └─ migration.sql

Your database is now in sync with your schema.

✔ Generated Prisma Client (v5.16.1) in 151ms
""")
    s.write("packages/api/src/lib/invoice-number.ts", """import type { Prisma } from "@hisaab/db";

/** Indian financial year label for a date, e.g. 2026-07-06 -> "2026-27". */
export function financialYear(d: Date): string {
  const y = d.getFullYear();
  const start = d.getMonth() >= 3 ? y : y - 1; // April = month 3
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

export async function nextInvoiceNumber(
  tx: Prisma.TransactionClient,
  businessId: string,
  now = new Date(),
): Promise<string> {
  const fy = financialYear(now);
  const counter = await tx.invoiceCounter.upsert({
    where: { businessId_fy: { businessId, fy } },
    create: { businessId, fy, last: 1 },
    update: { last: { increment: 1 } },
  });
  return `HSB/${fy}/${String(counter.last).padStart(4, "0")}`;
}
""")
    s.write("packages/api/src/lib/invoice-number.test.ts", """import { describe, expect, it } from "vitest";
import { financialYear } from "./invoice-number";

describe("financialYear", () => {
  it("april starts the new FY", () => {
    expect(financialYear(new Date(2026, 3, 1))).toBe("2026-27");
  });
  it("march belongs to the previous FY", () => {
    expect(financialYear(new Date(2027, 2, 31))).toBe("2026-27");
  });
  it("resets on 1 April", () => {
    expect(financialYear(new Date("2027-04-01T00:10:00+05:30"))).toBe("2027-28");
  });
});
""")
    s.bash("pnpm --filter @hisaab/api test -- invoice-number", dur=(4, 8), out="""\
 RUN  v1.6.0 /home/arjun/work/hisaab/packages/api

 ✓ src/lib/invoice-number.test.ts (3)
   ✓ financialYear (3)
     ✓ april starts the new FY
     ✓ march belongs to the previous FY
     ✓ resets on 1 April

 Test Files  1 passed (1)
      Tests  3 passed (3)
   Duration  612ms
""")
    s.reply("Invoice numbers are in:\n- `Invoice.number` plus an `InvoiceCounter(businessId, fy)` table "
            "(migration `20260706061840_invoice_number_counter`)\n- `nextInvoiceNumber(tx, businessId)` "
            "gives `HSB/2026-27/0001`, `0002`, … It upserts the counter, so each business gets its own "
            "sequence and a new FY starts at 0001 from 1 April.\n\nI haven't switched the header/PDF to "
            "show `number` yet. Want that next?")
    s.user("Super, thanks a lot. That I will do tomorrow myself. Will check everything and revert.", "thanks")
    s.reply("Sounds good.")
    s.end()

    # ------------------------------------------------------------------ s1
    s = p.session("2026-07-13 05:02")
    s.user("Good morning. Customer list page is very slow, one shop has 2k customers. Add pagination with "
           "next/prev and keep the search box working.", "request")
    s.read("packages/api/src/routers/customer.ts", CUSTOMER_ROUTER)
    s.edit("packages/api/src/routers/customer.ts",
           "    .input(z.object({ q: z.string().optional() }))\n"
           "    .query(({ ctx, input }) =>\n"
           "      ctx.db.customer.findMany({\n"
           "        where: {\n"
           "          businessId: ctx.session.businessId,\n"
           "          ...(input.q ? { name: { contains: input.q, mode: \"insensitive\" } } : {}),\n"
           "        },\n"
           "        orderBy: { name: \"asc\" },\n"
           "      }),\n"
           "    ),",
           "    .input(z.object({\n"
           "      q: z.string().optional(),\n"
           "      page: z.number().int().min(1).default(1),\n"
           "      pageSize: z.number().int().min(10).max(100).default(25),\n"
           "    }))\n"
           "    .query(async ({ ctx, input }) => {\n"
           "      const where = {\n"
           "        businessId: ctx.session.businessId,\n"
           "        ...(input.q ? { name: { contains: input.q, mode: \"insensitive\" as const } } : {}),\n"
           "      };\n"
           "      const [items, total] = await ctx.db.$transaction([\n"
           "        ctx.db.customer.findMany({\n"
           "          where,\n"
           "          orderBy: { name: \"asc\" },\n"
           "          skip: (input.page - 1) * input.pageSize,\n"
           "          take: input.pageSize,\n"
           "        }),\n"
           "        ctx.db.customer.count({ where }),\n"
           "      ]);\n"
           "      return { items, total, page: input.page, pageSize: input.pageSize };\n"
           "    }),", line=6)
    s.read("apps/web/src/app/(app)/customers/customer-list.tsx", """"use client";

import { useState } from "react";
import { api } from "~/trpc/react";
import { Input } from "@hisaab/ui/components/ui/input";
import { CustomerRow } from "./customer-row";

export function CustomerList() {
  const [q, setQ] = useState("");
  const { data, isLoading } = api.customer.list.useQuery({ q });

  return (
    <div className="space-y-4">
      <Input placeholder="Search customers" value={q} onChange={(e) => setQ(e.target.value)} />
      {isLoading ? <p>Loading…</p> : data?.map((c) => <CustomerRow key={c.id} customer={c} />)}
    </div>
  );
}
""")
    s.write("apps/web/src/app/(app)/customers/customer-list.tsx", """"use client";

import { useState } from "react";
import { useRouter } from "next/router";
import { api } from "~/trpc/react";
import { Button } from "@hisaab/ui/components/ui/button";
import { Input } from "@hisaab/ui/components/ui/input";
import { CustomerRow } from "./customer-row";

export function CustomerList() {
  const router = useRouter();
  const page = Number(router.query.page ?? 1);
  const [q, setQ] = useState("");
  const { data, isLoading } = api.customer.list.useQuery({ q, page });
  const pages = data ? Math.ceil(data.total / data.pageSize) : 1;

  const go = (p: number) => router.push({ query: { ...router.query, page: p } });

  return (
    <div className="space-y-4">
      <Input placeholder="Search customers" value={q} onChange={(e) => { setQ(e.target.value); go(1); }} />
      {isLoading ? <p>Loading…</p> : data?.items.map((c) => <CustomerRow key={c.id} customer={c} />)}
      <div className="flex items-center justify-end gap-2 text-sm">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>Prev</Button>
        <span>{page} / {pages}</span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>Next</Button>
      </div>
    </div>
  );
}
""", kind="update")
    s.bash("pnpm turbo typecheck --filter=web...", dur=(20, 35), out="""\
@hisaab/db:db:generate: ✔ Generated Prisma Client (v5.16.1) in 147ms
@hisaab/api:typecheck: > tsc --noEmit
web:typecheck: > tsc --noEmit

 Tasks:    4 successful, 4 total
Cached:    1 cached, 4 total
  Time:    24.118s
""")
    s.reply("Pagination is in. `customer.list` now takes `page`/`pageSize` (default 25) and returns "
            "`{ items, total }` via a single `$transaction`. The list keeps `?page=` in the URL, and search "
            "resets to page 1. Typecheck passes.")

    C["router"] = s.user("this is the old way only yaar 😑 page is crashing now — \"Error: NextRouter was not "
                         "mounted\"", "correction")
    s.say("Right: `next/router` is the Pages Router API; under the App Router it isn't mounted. Switching to "
          "`next/navigation`.")
    s.edit("apps/web/src/app/(app)/customers/customer-list.tsx",
           "import { useRouter } from \"next/router\";",
           "import { usePathname, useRouter, useSearchParams } from \"next/navigation\";", line=4)
    s.edit("apps/web/src/app/(app)/customers/customer-list.tsx",
           "  const router = useRouter();\n  const page = Number(router.query.page ?? 1);",
           "  const router = useRouter();\n  const pathname = usePathname();\n  const params = useSearchParams();\n"
           "  const page = Number(params.get(\"page\") ?? 1);", line=11)
    s.edit("apps/web/src/app/(app)/customers/customer-list.tsx",
           "  const go = (p: number) => router.push({ query: { ...router.query, page: p } });",
           "  const go = (p: number) => {\n    const next = new URLSearchParams(params);\n"
           "    next.set(\"page\", String(p));\n    router.push(`${pathname}?${next.toString()}`);\n  };", line=18)
    s.bash("pnpm --filter web typecheck", dur=(12, 20), out="> web@0.1.0 typecheck /home/arjun/work/hisaab/apps/web\n> tsc --noEmit\n")
    s.reply("Switched to the App Router hooks (`useRouter`, `usePathname` and `useSearchParams` from "
            "`next/navigation`). Page changes now push `?page=N` onto the current path. Typecheck passes. "
            "The crash came from `next/router`, which only exists under the Pages Router.")

    e2a = s.user("Now payment collection. On invoice page add 'Collect payment' button which creates a "
                 "Razorpay payment link for the due amount and shows the short URL to copy. Test keys are in "
                 "apps/web/.env.local already (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET), same ones I added in "
                 "Vercel project. Then push the branch and make sure the preview build is working.",
                 "task_start")
    s.say("I'll add the Razorpay SDK to the api package, a `createPaymentLink` mutation, the button, then "
          "build the preview.")
    s.bash("pnpm add razorpay@2.9.4 --filter @hisaab/api", dur=(5, 10), out="""\
Progress: resolved 612, reused 598, downloaded 1, added 1, done

dependencies:
+ razorpay 2.9.4

Done in 4.1s
""")
    s.write("packages/api/src/lib/razorpay.ts", """import Razorpay from "razorpay";

const keyId = process.env.RAZORPAY_KEY_ID;
const keySecret = process.env.RAZORPAY_KEY_SECRET;

if (!keyId || !keySecret) {
  throw new Error("RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET missing");
}

export const razorpay = new Razorpay({ key_id: keyId, key_secret: keySecret });
""")
    s.edit("packages/api/src/routers/invoice.ts",
           "import { createTRPCRouter, protectedProcedure } from \"../trpc\";\n",
           "import { createTRPCRouter, protectedProcedure, publicProcedure } from \"../trpc\";\n"
           "import { razorpay } from \"../lib/razorpay\";\n", line=3)
    s.edit("packages/api/src/routers/invoice.ts",
           "export const invoiceRouter = createTRPCRouter({\n",
           "export const invoiceRouter = createTRPCRouter({\n"
           "  createPaymentLink: publicProcedure\n"
           "    .input(z.object({ id: z.string() }))\n"
           "    .mutation(async ({ ctx, input }) => {\n"
           "      const inv = await ctx.db.invoice.findUniqueOrThrow({\n"
           "        where: { id: input.id },\n"
           "        include: { customer: true },\n"
           "      });\n"
           "      const link = await razorpay.paymentLink.create({\n"
           "        amount: inv.totalPaise,\n"
           "        currency: \"INR\",\n"
           "        reference_id: inv.number ?? inv.id,\n"
           "        customer: { name: inv.customer.name, contact: inv.customer.phone ?? undefined },\n"
           "        notify: { sms: true },\n"
           "      });\n"
           "      return { shortUrl: link.short_url };\n"
           "    }),\n\n", line=7)
    s.write("apps/web/src/app/(app)/invoices/[id]/collect-payment.tsx", """"use client";

import { useState } from "react";
import { api } from "~/trpc/react";
import { Button } from "@hisaab/ui/components/ui/button";
import { Input } from "@hisaab/ui/components/ui/input";

export function CollectPayment({ invoiceId }: { invoiceId: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const create = api.invoice.createPaymentLink.useMutation({ onSuccess: (r) => setUrl(r.shortUrl) });

  if (url) {
    return (
      <div className="flex gap-2">
        <Input readOnly value={url} />
        <Button variant="outline" onClick={() => navigator.clipboard.writeText(url)}>Copy</Button>
      </div>
    );
  }
  return (
    <Button onClick={() => create.mutate({ id: invoiceId })} disabled={create.isPending}>
      {create.isPending ? "Creating link…" : "Collect payment"}
    </Button>
  );
}
""")
    s.bash("git checkout -b feat/payment-link && git add -A packages/api apps/web && git commit -qm \"feat: razorpay payment link on invoice page\" && git push -u origin feat/payment-link",
           dur=(4, 8), out="branch 'feat/payment-link' set up to track 'origin/feat/payment-link'.\n",
           err="remote: \nremote: Create a pull request for 'feat/payment-link' on GitHub by visiting:\n"
               "remote:      https://github.com/hisaab-app/hisaab/pull/new/feat/payment-link\nremote: \n"
               "To github.com:hisaab-app/hisaab.git\n * [new branch]      feat/payment-link -> feat/payment-link\n")
    s.wait(150)
    s.mcp("mcp__vercel__list_deployments", {"projectId": "prj_hisaab_web", "limit": 1},
          "[{\"uid\":\"dpl_8Kq2vT1nWxR4\",\"url\":\"hisaab-web-git-feat-payment-link-hisaab.vercel.app\","
          "\"state\":\"ERROR\",\"target\":null,\"meta\":{\"githubCommitRef\":\"feat/payment-link\","
          "\"githubCommitSha\":\"4e1c09b\"},\"createdAt\":1783924718000}]")
    s.say("The preview failed. Reproducing the Vercel build locally to get the full log.")
    s.bash("pnpm dlx vercel@37 build --yes", dur=(80, 110), fail=(1, """\
Vercel CLI 37.4.2
Detected Turbo. Adjusting default settings...
Running "install" command: `pnpm install`...
Lockfile is up to date, resolution step is skipped
Done in 3.2s
Running "turbo run build --filter=web"

Warning - the following environment variables are set on your Vercel project, but missing from "turbo.json". These variables WILL NOT be available to your application and may cause your build to fail. Learn more at https://turbo.build/repo/docs/crafting-your-repository/using-environment-variables#platform-environment-variables

[warn] web#build
[warn]   - RAZORPAY_KEY_ID
[warn]   - RAZORPAY_KEY_SECRET

web:build:  ✓ Compiled successfully
web:build:    Collecting page data ...
web:build: Error: RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET missing
web:build:     at 91211 (/vercel/path0/apps/web/.next/server/chunks/611.js:1:2290)
web:build: > Build error occurred
web:build: Error: Failed to collect page data for /api/trpc/[trpc]
web:build:  ELIFECYCLE  Command failed with exit code 1.
 ERROR  run failed: command  exited (1)
Error: Command "turbo run build --filter=web" exited with 1"""))
    s.say("Turborepo 2 runs tasks in **strict env mode**: only variables declared in `turbo.json` reach the "
          "task, so the Vercel project's Razorpay vars are filtered out. Declaring them on `build`.")
    s.edit("turbo.json",
           "    \"build\": {\n      \"dependsOn\": [\"^db:generate\", \"^build\"],\n",
           "    \"build\": {\n      \"dependsOn\": [\"^db:generate\", \"^build\"],\n"
           "      \"env\": [\"DATABASE_URL\", \"AUTH_SECRET\", \"RAZORPAY_KEY_ID\", \"RAZORPAY_KEY_SECRET\"],\n", line=7)
    s.edit("packages/api/src/lib/razorpay.ts",
           "if (!keyId || !keySecret) {\n  throw new Error(\"RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET missing\");\n}\n\n"
           "export const razorpay = new Razorpay({ key_id: keyId, key_secret: keySecret });",
           "let client: Razorpay | null = null;\n\n/** Lazily created so `next build` page-data collection doesn't need the keys. */\n"
           "export function razorpay(): Razorpay {\n  if (!keyId || !keySecret) {\n"
           "    throw new Error(\"RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET missing\");\n  }\n"
           "  client ??= new Razorpay({ key_id: keyId, key_secret: keySecret });\n  return client;\n}", line=6)
    s.edit("packages/api/src/routers/invoice.ts", "      const link = await razorpay.paymentLink.create({",
           "      const link = await razorpay().paymentLink.create({", line=15)
    s.bash("pnpm dlx vercel@37 build --yes", dur=(80, 110), out="""\
Vercel CLI 37.4.2
Running "turbo run build --filter=web"
web:build:  ✓ Compiled successfully
web:build:  ✓ Collecting page data
web:build:  ✓ Generating static pages (9/9)
 Tasks:    4 successful, 4 total
✅  Build Completed in .vercel/output [1m38s]
""")
    s.bash("git commit -qam \"fix: declare razorpay env in turbo.json, lazy client\" && git push", dur=(3, 6),
           out="", err="To github.com:hisaab-app/hisaab.git\n   4e1c09b..b7d2a41  feat/payment-link -> feat/payment-link\n")
    s.wait(140)
    s.mcp("mcp__vercel__list_deployments", {"projectId": "prj_hisaab_web", "limit": 1},
          "[{\"uid\":\"dpl_3Ff9hZc0pLm7\",\"url\":\"hisaab-web-git-feat-payment-link-hisaab.vercel.app\","
          "\"state\":\"READY\",\"target\":null,\"meta\":{\"githubCommitRef\":\"feat/payment-link\","
          "\"githubCommitSha\":\"b7d2a41\"},\"createdAt\":1783925104000}]")
    e2b = s.reply("Preview is READY: https://hisaab-web-git-feat-payment-link-hisaab.vercel.app\n\n"
                  "Why the first deploy failed: Turborepo 2 uses **strict env mode**, and any env var not listed "
                  "in `turbo.json` is stripped from the task, even when it's set in the Vercel project. Vercel "
                  "prints the warning (`missing from \"turbo.json\"`), then the build dies. Fix: add every new "
                  "server env var to `tasks.build.env` in `turbo.json`. I also made the Razorpay client lazy "
                  "so `next build` doesn't need the keys just to collect page data.")

    C["procedure"] = s.user("Checked the PR. createPaymentLink — not like this. See how customer.ts is done and "
                            "do same here also.", "correction")
    s.read("packages/api/src/routers/customer.ts", CUSTOMER_ROUTER)
    s.edit("packages/api/src/routers/invoice.ts",
           "  createPaymentLink: publicProcedure\n"
           "    .input(z.object({ id: z.string() }))\n"
           "    .mutation(async ({ ctx, input }) => {\n"
           "      const inv = await ctx.db.invoice.findUniqueOrThrow({\n"
           "        where: { id: input.id },\n"
           "        include: { customer: true },\n"
           "      });\n",
           "  createPaymentLink: protectedProcedure\n"
           "    .input(z.object({ id: z.string() }))\n"
           "    .mutation(async ({ ctx, input }) => {\n"
           "      const inv = await ctx.db.invoice.findFirst({\n"
           "        where: { id: input.id, businessId: ctx.session.businessId },\n"
           "        include: { customer: true },\n"
           "      });\n"
           "      if (!inv) throw new TRPCError({ code: \"NOT_FOUND\" });\n", line=8)
    s.edit("packages/api/src/routers/invoice.ts",
           "import { createTRPCRouter, protectedProcedure, publicProcedure } from \"../trpc\";",
           "import { createTRPCRouter, protectedProcedure } from \"../trpc\";", line=3)
    s.reply("Fixed it to match `customer.ts`: `createPaymentLink` is now a `protectedProcedure`. It looks "
            "the invoice up with `findFirst` scoped to `ctx.session.businessId` and throws `NOT_FOUND` "
            "otherwise. Before this, anyone could create a link for any invoice id.")

    T["trpc"] = s.user("Ok. btw we are on @trpc/server 11.0.0-rc.446 only because of app router support, that "
                       "override in root package.json. Remind me when 11.0.0 stable comes — then we pin exact "
                       "11.0.0 everywhere and remove the rc override.", "trigger")
    s.reply("Noted: once `@trpc/*` 11.0.0 is stable, bump `@trpc/server`, `@trpc/client` and "
            "`@trpc/react-query` to exactly `11.0.0` and delete the `pnpm.overrides` block in the root "
            "`package.json`.")

    s.user("prisma cold start on vercel preview is too slow, first request after idle is taking 4-5 sec. any "
           "idea what we can do?", "question")
    rp1 = s.reply("A few options, roughly in order of effort:\n1. **Neon serverless driver adapter**: "
                  "`@prisma/adapter-neon` with `previewFeatures = [\"driverAdapters\"]`. Connects over "
                  "WebSockets/HTTP, so there's no TCP+TLS handshake on cold start.\n2. **Prisma Accelerate**: a "
                  "managed connection pool plus cache in front of Neon. Paid beyond the free tier.\n3. **Switch "
                  "the ORM to Drizzle** with `drizzle-orm/neon-http`. Much smaller bundle and near-zero cold "
                  "start, but it means rewriting the schema and every query in `packages/api`.\n\nFor cold "
                  "start specifically, Drizzle gives the biggest win.")
    s.user("Drizzle no. Not changing ORM now, too much risk before launch. Try the neon adapter thing.",
           "preference")
    s.bash("pnpm add @prisma/adapter-neon@5.16.1 @neondatabase/serverless@0.9.4 ws --filter @hisaab/db && pnpm add -D @types/ws --filter @hisaab/db",
           dur=(6, 10), out="dependencies:\n+ @neondatabase/serverless 0.9.4\n+ @prisma/adapter-neon 5.16.1\n+ ws 8.18.0\n\ndevDependencies:\n+ @types/ws 8.5.10\n\nDone in 5.3s\n")
    s.edit("packages/db/prisma/schema.prisma",
           "generator client {\n  provider = \"prisma-client-js\"\n}",
           "generator client {\n  provider        = \"prisma-client-js\"\n  previewFeatures = [\"driverAdapters\"]\n}", line=1)
    s.read("packages/db/src/index.ts", """import { PrismaClient } from "@prisma/client";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

export const db = globalForPrisma.prisma ?? new PrismaClient();

if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = db;

export * from "@prisma/client";
""")
    s.edit("packages/db/src/index.ts",
           "import { PrismaClient } from \"@prisma/client\";\n",
           "import { Pool, neonConfig } from \"@neondatabase/serverless\";\nimport { PrismaNeon } from \"@prisma/adapter-neon\";\n"
           "import { PrismaClient } from \"@prisma/client\";\nimport ws from \"ws\";\n\nneonConfig.webSocketConstructor = ws;\n", line=1)
    s.edit("packages/db/src/index.ts",
           "export const db = globalForPrisma.prisma ?? new PrismaClient();",
           "function create() {\n  const pool = new Pool({ connectionString: process.env.DATABASE_URL });\n"
           "  return new PrismaClient({ adapter: new PrismaNeon(pool) });\n}\n\n"
           "export const db = globalForPrisma.prisma ?? create();", line=8)
    s.bash("pnpm turbo build --filter=web...", dur=(70, 90), out="""\
@hisaab/db:db:generate: ✔ Generated Prisma Client (v5.16.1) in 160ms
web:build:  ✓ Compiled successfully
web:build:  ✓ Generating static pages (9/9)
 Tasks:    7 successful, 7 total
  Time:    1m12.450s
""")
    s.reply("Switched `@hisaab/db` to the Neon serverless adapter (`driverAdapters` preview, `PrismaNeon` over "
            "a `@neondatabase/serverless` Pool). The build passes. `migrate` still uses `DIRECT_URL`, so "
            "migrations aren't affected. Push it and compare first-request latency on the preview.")
    s.user("ok thanks, will see the cold start on preview and revert back.", "thanks")
    s.reply("👍")
    s.end()

    # ------------------------------------------------------------------ s2
    s = p.session("2026-07-21 04:36")
    F["launch"] = s.user("Good morning! Today agenda is GST report. FYI launch date is fixed now — 1 Sept, code "
                         "freeze 28 Aug. First add per-invoice tax split in DB: cgst, sgst, igst amounts, so "
                         "report can just sum them.", "fact")
    s.say("I'll add the three tax amount columns to `Invoice` and populate them when totals are computed.")
    s.read("packages/db/prisma/schema.prisma", SCHEMA_V0.replace(
        "  subtotalPaise Int\n", "  number        String?\n  subtotalPaise Int\n  discountPaise Int           @default(0)\n"), start=1)
    s.edit("packages/db/prisma/schema.prisma",
           "  discountPaise Int           @default(0)\n  totalPaise    Int\n",
           "  discountPaise Int           @default(0)\n  cgst          Decimal       @default(0) @db.Decimal(12, 2)\n"
           "  sgst          Decimal       @default(0) @db.Decimal(12, 2)\n  igst          Decimal       @default(0) @db.Decimal(12, 2)\n"
           "  totalPaise    Int\n", line=47)
    s.bash("pnpm --filter @hisaab/db exec prisma db push", dur=(6, 10), out="""\
Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "hisaab", schema "public" at "ep-quiet-sun-a1k9x2.ap-southeast-1.aws.neon.tech"

🚀  Your database is now in sync with your Prisma schema. Done in 2.61s

✔ Generated Prisma Client (v5.16.1) in 155ms
""")
    s.reply("Added `cgst`, `sgst`, `igst` (`Decimal(12,2)`, default 0) to `Invoice` and synced the dev database.")

    R["dbpush"] = s.user("Arre don't do db push ya. Always proper migration — prisma migrate dev --create-only, "
                         "commit the SQL, Priya reviews every migration in PR. db push on shared dev branch "
                         "messes up everyone's migration history. Kindly make the migration now.", "correction")
    s.bash("pnpm --filter @hisaab/db exec prisma migrate dev --name invoice_tax_split --create-only", dur=(5, 9),
           fail=(1, """\
Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "hisaab", schema "public" at "ep-quiet-sun-a1k9x2.ap-southeast-1.aws.neon.tech"

Drift detected: Your database schema is not in sync with your migration history.

The following is a summary of the differences between the expected database schema given your migrations files, and the actual schema of the database.

[*] Changed the `Invoice` table
  [+] Added column `cgst`
  [+] Added column `igst`
  [+] Added column `sgst`

We need to reset the "public" schema at "ep-quiet-sun-a1k9x2.ap-southeast-1.aws.neon.tech"

You may use prisma migrate reset to drop the development database.
All data will be lost.
Error: Prisma Migrate has detected that the environment is non-interactive, which is not supported."""))
    s.say("Because the columns already exist from the push, I'll generate the migration SQL with `migrate "
          "diff` and mark it applied instead of resetting the shared DB.")
    s.bash("cd packages/db && mkdir -p prisma/migrations/20260721050410_invoice_tax_split && pnpm exec prisma migrate diff --from-migrations prisma/migrations --to-schema-datamodel prisma/schema.prisma --shadow-database-url \"$SHADOW_DATABASE_URL\" --script > prisma/migrations/20260721050410_invoice_tax_split/migration.sql && cat prisma/migrations/20260721050410_invoice_tax_split/migration.sql",
           dur=(8, 14), out="-- AlterTable\nALTER TABLE \"Invoice\" ADD COLUMN     \"cgst\" DECIMAL(12,2) NOT NULL DEFAULT 0,\n"
                           "ADD COLUMN     \"igst\" DECIMAL(12,2) NOT NULL DEFAULT 0,\nADD COLUMN     \"sgst\" DECIMAL(12,2) NOT NULL DEFAULT 0;\n")
    s.bash("cd packages/db && pnpm exec prisma migrate resolve --applied 20260721050410_invoice_tax_split", dur=(3, 6),
           out="Migration 20260721050410_invoice_tax_split marked as applied.\n")
    s.reply("Done properly now: `prisma/migrations/20260721050410_invoice_tax_split/migration.sql` has been "
            "generated with `migrate diff` and marked as applied with `migrate resolve`, so the dev DB "
            "history is consistent again without a reset. I won't use `db push` again.")

    C["paise"] = s.user("Also why Decimal?? All amounts we keep in paise as Int only — see subtotalPaise, "
                        "totalPaise. Same for gst. Change it, name also with Paise.", "correction")
    s.edit("packages/db/prisma/schema.prisma",
           "  cgst          Decimal       @default(0) @db.Decimal(12, 2)\n"
           "  sgst          Decimal       @default(0) @db.Decimal(12, 2)\n  igst          Decimal       @default(0) @db.Decimal(12, 2)\n",
           "  cgstPaise     Int           @default(0)\n  sgstPaise     Int           @default(0)\n  igstPaise     Int           @default(0)\n", line=48)
    s.write("packages/db/prisma/migrations/20260721050410_invoice_tax_split/migration.sql",
            "-- AlterTable\nALTER TABLE \"Invoice\" ADD COLUMN     \"cgstPaise\" INTEGER NOT NULL DEFAULT 0,\n"
            "ADD COLUMN     \"igstPaise\" INTEGER NOT NULL DEFAULT 0,\nADD COLUMN     \"sgstPaise\" INTEGER NOT NULL DEFAULT 0;\n",
            kind="update")
    s.bash("cd packages/db && psql \"$DIRECT_URL\" -c 'ALTER TABLE \"Invoice\" DROP COLUMN cgst, DROP COLUMN sgst, DROP COLUMN igst;' -c 'ALTER TABLE \"Invoice\" ADD COLUMN \"cgstPaise\" INTEGER NOT NULL DEFAULT 0, ADD COLUMN \"sgstPaise\" INTEGER NOT NULL DEFAULT 0, ADD COLUMN \"igstPaise\" INTEGER NOT NULL DEFAULT 0;' && pnpm exec prisma migrate status",
           dur=(4, 8), out="ALTER TABLE\nALTER TABLE\n5 migrations found in prisma/migrations\n\nDatabase schema is up to date!\n")
    s.edit("packages/api/src/lib/totals.ts",
           "  return { subtotalPaise, totalPaise: Math.max(0, subtotalPaise + taxPaise - discountPaise) };",
           "  const intra = supplyState === businessState;\n"
           "  const cgstPaise = intra ? Math.floor(taxPaise / 2) : 0;\n"
           "  const sgstPaise = intra ? taxPaise - cgstPaise : 0;\n"
           "  const igstPaise = intra ? 0 : taxPaise;\n"
           "  return { subtotalPaise, cgstPaise, sgstPaise, igstPaise,\n"
           "           totalPaise: Math.max(0, subtotalPaise + taxPaise - discountPaise) };", line=11)
    s.reply("Changed to `cgstPaise` / `sgstPaise` / `igstPaise` as `Int` paise, rewrote the migration SQL to "
            "match, and fixed the dev DB columns by hand. `migrate status` is clean. `computeTotals` splits "
            "the tax: CGST+SGST for intra-state (odd paisa goes to SGST), IGST for inter-state.")

    s.user("Now make the GST summary page — month wise, total taxable value, cgst, sgst, igst, and invoice "
           "count. Only SENT and PAID invoices.", "request")
    s.edit("packages/api/src/routers/report.ts",
           "export const reportRouter = createTRPCRouter({\n",
           "export const reportRouter = createTRPCRouter({\n"
           "  gstMonthly: protectedProcedure\n"
           "    .input(z.object({ from: z.date(), to: z.date() }))\n"
           "    .query(({ ctx, input }) =>\n"
           "      ctx.db.$queryRaw<GstRow[]>`\n"
           "        SELECT to_char(date_trunc('month', \"issuedAt\" AT TIME ZONE 'Asia/Kolkata'), 'YYYY-MM') AS month,\n"
           "               count(*)::int              AS invoices,\n"
           "               sum(\"subtotalPaise\" - \"discountPaise\")::bigint AS \"taxablePaise\",\n"
           "               sum(\"cgstPaise\")::bigint  AS \"cgstPaise\",\n"
           "               sum(\"sgstPaise\")::bigint  AS \"sgstPaise\",\n"
           "               sum(\"igstPaise\")::bigint  AS \"igstPaise\"\n"
           "        FROM \"Invoice\"\n"
           "        WHERE \"businessId\" = ${ctx.session.businessId}\n"
           "          AND status IN ('SENT', 'PAID')\n"
           "          AND \"issuedAt\" >= ${input.from} AND \"issuedAt\" < ${input.to}\n"
           "        GROUP BY 1 ORDER BY 1`,\n"
           "    ),\n", line=6)
    s.write("apps/web/src/app/(app)/reports/gst/page.tsx", """import { api } from "~/trpc/server";
import { formatINR } from "~/lib/money";

export default async function GstReportPage() {
  const to = new Date();
  const from = new Date(to.getFullYear(), to.getMonth() - 11, 1);
  const rows = await api.report.gstMonthly({ from, to });

  return (
    <table className="w-full text-sm">
      <thead>
        <tr><th>Month</th><th>Invoices</th><th>Taxable</th><th>CGST</th><th>SGST</th><th>IGST</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.month}>
            <td>{r.month}</td><td>{r.invoices}</td><td>{formatINR(Number(r.taxablePaise))}</td>
            <td>{formatINR(Number(r.cgstPaise))}</td><td>{formatINR(Number(r.sgstPaise))}</td>
            <td>{formatINR(Number(r.igstPaise))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
""")
    s.bash("pnpm turbo typecheck --filter=web...", dur=(20, 30), out=" Tasks:    4 successful, 4 total\nCached:    2 cached, 4 total\n  Time:    21.775s\n")
    s.reply("GST summary is at `/reports/gst`: the last 12 months, only SENT/PAID invoices, grouped by IST "
            "month. It shows invoice count, taxable value (subtotal − discount), CGST, SGST and IGST. The "
            "query is a scoped `$queryRaw` in `report.gstMonthly`.")

    q_groupby = s.user("small doubt — in the GST page can I just use Object.groupBy instead of that raw SQL, "
                       "for the month grouping? looks cleaner", "question")
    s.read(".nvmrc", "18.19.1\n")
    s.reply("`Object.groupBy` is only in Node 21+ (and recent browsers). `.nvmrc` says 18.19.1, so it isn't "
            "available where this page renders and it would throw on Vercel. Separately, grouping in SQL is the better choice "
            "here: the DB returns 12 summed rows instead of every invoice for the year. I'd keep the "
            "`$queryRaw`.")
    s.user("Priya pasted this from her machine, tests are failing for her but passing for me:\n\n```\n"
           " FAIL  src/lib/invoice-number.test.ts > financialYear > resets on 1 April\n"
           "AssertionError: expected '2026-27' to be '2027-28' // Object.is equality\n\n"
           "- Expected\n+ Received\n\n- 2027-28\n+ 2026-27\n\n"
           " ❯ src/lib/invoice-number.test.ts:13:59\n     11|   });\n     12|   it(\"resets on 1 April\", () => {\n"
           "     13|     expect(financialYear(new Date(\"2027-04-01T00:10:00+05:30\"))).toBe(\"2027-28\");\n"
           "       |                                                           ^\n     14|   });\n     15| });\n\n"
           " Test Files  1 failed | 11 passed (12)\n      Tests  1 failed | 86 passed (87)\n   Start at  10:02:44\n"
           "   Duration  3.41s (transform 402ms, setup 0ms, collect 1.93s, tests 212ms)\n```\n\n"
           "She is in Dubai this week for her cousin's wedding. Why is it happening only for her? Is the "
           "code wrong or the test?", "question")
    s.read("packages/api/src/lib/invoice-number.ts", """import type { Prisma } from "@hisaab/db";

/** Indian financial year label for a date, e.g. 2026-07-06 -> "2026-27". */
export function financialYear(d: Date): string {
  const y = d.getFullYear();
  const start = d.getMonth() >= 3 ? y : y - 1; // April = month 3
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}
""", total=22, limit=8)
    s.reply("The code is wrong; the test caught it. `financialYear` uses `getFullYear()`/`getMonth()`, which "
            "read the **machine's local timezone**. `2027-04-01T00:10+05:30` is still 31 March 22:40 in Dubai "
            "(UTC+4), so on Priya's laptop it lands in the old FY. On Vercel (UTC) every invoice issued "
            "between 00:00 and 05:30 IST on 1 April would get the wrong FY too. The fix is to compute the "
            "month and year in `Asia/Kolkata` explicitly, not from the process timezone.")
    s.user("ok fix it. FY calculation should always be on IST, whatever the server is.", "request")
    s.edit("packages/api/src/lib/invoice-number.ts",
           "export function financialYear(d: Date): string {\n  const y = d.getFullYear();\n"
           "  const start = d.getMonth() >= 3 ? y : y - 1; // April = month 3",
           "const IST = new Intl.DateTimeFormat(\"en-IN\", { timeZone: \"Asia/Kolkata\", year: \"numeric\", month: \"numeric\" });\n\n"
           "export function financialYear(d: Date): string {\n"
           "  const parts = IST.formatToParts(d);\n"
           "  const y = Number(parts.find((p) => p.type === \"year\")!.value);\n"
           "  const m = Number(parts.find((p) => p.type === \"month\")!.value); // 1-12\n"
           "  const start = m >= 4 ? y : y - 1;", line=3)
    s.bash("cd packages/api && TZ=Asia/Dubai pnpm test -- invoice-number && TZ=UTC pnpm test -- invoice-number", dur=(6, 10), out="""\
 ✓ src/lib/invoice-number.test.ts (3)
 Test Files  1 passed (1)
      Tests  3 passed (3)
 ✓ src/lib/invoice-number.test.ts (3)
 Test Files  1 passed (1)
      Tests  3 passed (3)
""")
    s.reply("Fixed: `financialYear` reads year and month through `Intl.DateTimeFormat` with `timeZone: "
            "\"Asia/Kolkata\"`, so the server/laptop timezone no longer matters. Verified with `TZ=Asia/Dubai` "
            "and `TZ=UTC`; both pass.")

    R["ui"] = s.user("One more thing, note it — packages/ui/src/components/ui/* are shadcn generated files. "
                     "Don't edit them by hand. If some variant is needed, add via `pnpm dlx shadcn@latest add` "
                     "or wrap it in our own component outside components/ui.", "preference")
    s.reply("Got it: files under `packages/ui/src/components/ui/` are shadcn output and shouldn't be hand-edited. "
            "New variants go in a wrapper component outside that folder, or come from re-running the shadcn CLI.")

    s.user("GST page needs a month range picker, from-month and to-month. Add it.", "request")
    s.write("apps/web/src/components/month-range-picker.tsx", """"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@hisaab/ui/components/ui/select";

export function MonthRangePicker({ months, from, to, onChange }: {
  months: string[]; from: string; to: string; onChange: (from: string, to: string) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Select value={from} onValueChange={(v) => onChange(v, to)}>
        <SelectTrigger className="w-32"><SelectValue /></SelectTrigger>
        <SelectContent>{months.map((m) => <SelectItem key={m} value={m}>{m}</SelectItem>)}</SelectContent>
      </Select>
      <span>to</span>
      <Select value={to} onValueChange={(v) => onChange(from, v)}>
        <SelectTrigger className="w-32"><SelectValue /></SelectTrigger>
        <SelectContent>{months.map((m) => <SelectItem key={m} value={m}>{m}</SelectItem>)}</SelectContent>
      </Select>
    </div>
  );
}
""")
    s.edit("apps/web/src/app/(app)/reports/gst/page.tsx",
           "export default async function GstReportPage() {\n  const to = new Date();\n  const from = new Date(to.getFullYear(), to.getMonth() - 11, 1);",
           "export default async function GstReportPage({ searchParams }: { searchParams: { from?: string; to?: string } }) {\n"
           "  const { from, to } = monthRange(searchParams.from, searchParams.to);", line=4)
    s.reply("Added `MonthRangePicker` in `apps/web/src/components/month-range-picker.tsx`. It's only used by the "
            "GST page, so I kept it in the web app instead of `packages/ui`. The page reads `?from=&to=` "
            "(YYYY-MM).")

    C["folder"] = s.user("wrong folder na 🤦 shared stuff we keep in one place, Priya's admin app will also need "
                         "it.", "correction")
    s.bash("git mv apps/web/src/components/month-range-picker.tsx packages/ui/src/components/month-range-picker.tsx && sed -i 's#@hisaab/ui/components/ui/select#./ui/select#' packages/ui/src/components/month-range-picker.tsx",
           dur=(1, 3), out="")
    s.edit("apps/web/src/app/(app)/reports/gst/gst-filters.tsx",
           "import { MonthRangePicker } from \"~/components/month-range-picker\";",
           "import { MonthRangePicker } from \"@hisaab/ui/components/month-range-picker\";", line=3)
    s.bash("pnpm turbo typecheck --filter=web...", dur=(20, 30), out=" Tasks:    4 successful, 4 total\n  Time:    19.204s\n")
    s.reply("Moved it to `packages/ui/src/components/month-range-picker.tsx` (next to `components/ui`, not "
            "inside it) and updated the import. Typecheck passes.")
    s.user("Good. Going for lunch, baad mein milte hain.", "chatter")
    s.reply("Enjoy lunch!")
    s.end()

    # ------------------------------------------------------------------ s3
    s = p.session("2026-07-30 05:14")
    F["gateway"] = s.user("Bad news — Razorpay rejected our KYC second time, so we are moving to Cashfree. Sandbox "
                          "keys I have put in .env.local and Vercel — CASHFREE_APP_ID, CASHFREE_SECRET_KEY, "
                          "CASHFREE_ENV=sandbox. Kindly replace the razorpay payment link code with Cashfree "
                          "payment links.", "fact")
    s.say("I'll swap the SDK, rewrite the client module and the `createPaymentLink` mutation.")
    s.webfetch("https://www.cashfree.com/docs/api-reference/payments/latest/payment-links/create",
               "Request body and response fields for creating a payment link, and SDK usage for Node",
               "POST /pg/links (x-api-version: 2023-08-01). Required: link_id (unique, max 50), link_amount "
               "(number, rupees, 2 decimals), link_currency 'INR', link_purpose, customer_details.customer_phone. "
               "Optional link_notify {send_sms, send_email}, link_meta.return_url. Response includes link_url "
               "and link_status ACTIVE. Node SDK: cashfree-pg; set Cashfree.XClientId, Cashfree.XClientSecret, "
               "Cashfree.XEnvironment = Cashfree.Environment.SANDBOX; call Cashfree.PGCreateLink('2023-08-01', body).")
    s.bash("pnpm remove razorpay --filter @hisaab/api && pnpm add cashfree-pg@4.2.3 --filter @hisaab/api",
           dur=(6, 10), out="dependencies:\n- razorpay 2.9.4\n\ndependencies:\n+ cashfree-pg 4.2.3\n\nDone in 6.8s\n")
    s.bash("git rm -q packages/api/src/lib/razorpay.ts", dur=(1, 2), out="")
    s.write("packages/api/src/lib/cashfree.ts", """import { Cashfree } from "cashfree-pg";

const id = process.env.CASHFREE_APP_ID;
const secret = process.env.CASHFREE_SECRET_KEY;
if (!id || !secret) throw new Error("CASHFREE_APP_ID / CASHFREE_SECRET_KEY missing");

Cashfree.XClientId = id;
Cashfree.XClientSecret = secret;
Cashfree.XEnvironment =
  process.env.CASHFREE_ENV === "production" ? Cashfree.Environment.PRODUCTION : Cashfree.Environment.SANDBOX;

export const cashfree = Cashfree;
""")
    s.edit("packages/api/src/routers/invoice.ts",
           "      const link = await razorpay().paymentLink.create({\n"
           "        amount: inv.totalPaise,\n"
           "        currency: \"INR\",\n"
           "        reference_id: inv.number ?? inv.id,\n"
           "        customer: { name: inv.customer.name, contact: inv.customer.phone ?? undefined },\n"
           "        notify: { sms: true },\n"
           "      });\n"
           "      return { shortUrl: link.short_url };",
           "      const res = await cashfree.PGCreateLink(\"2023-08-01\", {\n"
           "        link_id: `${(inv.number ?? inv.id).replaceAll(\"/\", \"-\")}-${Date.now()}`,\n"
           "        link_amount: inv.totalPaise / 100,\n"
           "        link_currency: \"INR\",\n"
           "        link_purpose: `Invoice ${inv.number ?? \"\"}`.trim(),\n"
           "        customer_details: { customer_name: inv.customer.name, customer_phone: inv.customer.phone ?? \"\" },\n"
           "        link_notify: { send_sms: true },\n"
           "      });\n"
           "      return { shortUrl: res.data.link_url! };", line=16)
    s.edit("packages/api/src/routers/invoice.ts", "import { razorpay } from \"../lib/razorpay\";",
           "import { cashfree } from \"../lib/cashfree\";", line=4)
    s.bash("pnpm turbo typecheck --filter=web...", dur=(20, 30), out=" Tasks:    4 successful, 4 total\n  Time:    22.641s\n")
    s.reply("Replaced Razorpay with Cashfree payment links:\n- removed `razorpay`, added `cashfree-pg@4.2.3`\n"
            "- `packages/api/src/lib/cashfree.ts` configures the SDK from `CASHFREE_APP_ID`, "
            "`CASHFREE_SECRET_KEY` and `CASHFREE_ENV` (sandbox unless `production`)\n- `createPaymentLink` "
            "calls `PGCreateLink` (API version 2023-08-01). The amount is converted from paise to rupees, and "
            "`link_id` is derived from the invoice number because Cashfree doesn't allow `/` in it.\n\n"
            "Typecheck passes.")

    e2r = s.user("ok now push it and deploy preview, check the payment link is working there.", "task_start")
    s.bash("git checkout -b feat/cashfree && git add -A && git commit -qm \"feat: cashfree payment links\" && git push -u origin feat/cashfree",
           dur=(3, 6), out="branch 'feat/cashfree' set up to track 'origin/feat/cashfree'.\n",
           err="To github.com:hisaab-app/hisaab.git\n * [new branch]      feat/cashfree -> feat/cashfree\n")
    s.say("Let me run the Vercel build locally first so we see any failure right away.")
    npx1 = s.bash("npx vercel build --yes", dur=(85, 110), fail=(1, """\
npm warn exec The following package was not found and will be installed: vercel@37.6.0
Vercel CLI 37.6.0
Detected Turbo. Adjusting default settings...
Running "install" command: `pnpm install`...
Lockfile is up to date, resolution step is skipped
Running "turbo run build --filter=web"

Warning - the following environment variables are set on your Vercel project, but missing from "turbo.json". These variables WILL NOT be available to your application and may cause your build to fail. Learn more at https://turbo.build/repo/docs/crafting-your-repository/using-environment-variables#platform-environment-variables

[warn] web#build
[warn]   - CASHFREE_APP_ID
[warn]   - CASHFREE_ENV
[warn]   - CASHFREE_SECRET_KEY

web:build:  ✓ Compiled successfully
web:build:    Collecting page data ...
web:build: Error: CASHFREE_APP_ID / CASHFREE_SECRET_KEY missing
web:build:     at 50377 (/home/arjun/work/hisaab/apps/web/.next/server/chunks/702.js:1:1184)
web:build: > Build error occurred
web:build: Error: Failed to collect page data for /api/trpc/[trpc]
web:build:  ELIFECYCLE  Command failed with exit code 1.
 ERROR  run failed: command  exited (1)
Error: Command "turbo run build --filter=web" exited with 1"""))
    s.say("The new `CASHFREE_*` vars aren't declared in `turbo.json`, so turbo's strict env mode strips "
          "them (the old Razorpay names are still listed there). The module also throws at import time. "
          "Fixing both.")
    s.edit("turbo.json",
           "      \"env\": [\"DATABASE_URL\", \"AUTH_SECRET\", \"RAZORPAY_KEY_ID\", \"RAZORPAY_KEY_SECRET\"],",
           "      \"env\": [\"DATABASE_URL\", \"AUTH_SECRET\", \"CASHFREE_APP_ID\", \"CASHFREE_SECRET_KEY\", \"CASHFREE_ENV\"],", line=9)
    s.write("packages/api/src/lib/cashfree.ts", """import { Cashfree } from "cashfree-pg";

let ready = false;

/** Configured on first use so `next build` page-data collection doesn't need the keys. */
export function cashfree(): typeof Cashfree {
  if (!ready) {
    const id = process.env.CASHFREE_APP_ID;
    const secret = process.env.CASHFREE_SECRET_KEY;
    if (!id || !secret) throw new Error("CASHFREE_APP_ID / CASHFREE_SECRET_KEY missing");
    Cashfree.XClientId = id;
    Cashfree.XClientSecret = secret;
    Cashfree.XEnvironment =
      process.env.CASHFREE_ENV === "production" ? Cashfree.Environment.PRODUCTION : Cashfree.Environment.SANDBOX;
    ready = true;
  }
  return Cashfree;
}
""", kind="update")
    s.edit("packages/api/src/routers/invoice.ts", "      const res = await cashfree.PGCreateLink(\"2023-08-01\", {",
           "      const res = await cashfree().PGCreateLink(\"2023-08-01\", {", line=16)
    s.bash("pnpm dlx vercel@37 build --yes && git commit -qam \"chore: cashfree env in turbo.json\" && git push", dur=(85, 110),
           out="Vercel CLI 37.6.0\nRunning \"turbo run build --filter=web\"\n Tasks:    4 successful, 4 total\n✅  Build Completed in .vercel/output [1m41s]\n",
           err="To github.com:hisaab-app/hisaab.git\n   9ac1f02..d03e5b7  feat/cashfree -> feat/cashfree\n")
    s.wait(130)
    s.mcp("mcp__vercel__list_deployments", {"projectId": "prj_hisaab_web", "limit": 1},
          "[{\"uid\":\"dpl_C7nQe2w9YbJ5\",\"url\":\"hisaab-web-git-feat-cashfree-hisaab.vercel.app\",\"state\":\"READY\","
          "\"target\":null,\"meta\":{\"githubCommitRef\":\"feat/cashfree\",\"githubCommitSha\":\"d03e5b7\"}}]")
    s.bash("curl -s -X POST https://hisaab-web-git-feat-cashfree-hisaab.vercel.app/api/trpc/invoice.createPaymentLink -H 'content-type: application/json' -H \"cookie: $(cat ~/.hisaab-preview-cookie)\" -d '{\"json\":{\"id\":\"clz0q4x7e0003l8ok2c1h9f0d\"}}'",
           dur=(2, 4), out="{\"result\":{\"data\":{\"json\":{\"shortUrl\":\"https://payments-test.cashfree.com/links/o5k2cq3ml1ag\"}}}}\n")
    s.reply("Preview is up at https://hisaab-web-git-feat-cashfree-hisaab.vercel.app. A sandbox link was created "
            "for a test invoice: `https://payments-test.cashfree.com/links/o5k2cq3ml1ag`.\n\nThe first build failed "
            "because the new `CASHFREE_*` variables weren't declared in `turbo.json` (strict env mode) and "
            "`cashfree.ts` threw at import. I replaced the old Razorpay entries in `tasks.build.env` and made "
            "the client lazy.")

    t1_fire = s.user("trpc 11.0.0 is out finally 🎉 do the needful", "request")
    s.bash("pnpm view @trpc/server@11 version | tail -3", dur=(2, 4), out="@trpc/server@11.0.0-rc.828 '11.0.0-rc.828'\n@trpc/server@11.0.0 '11.0.0'\n@trpc/server@11.0.1 '11.0.1'\n")
    s.bash("pnpm up -r \"@trpc/server@^11.0.1\" \"@trpc/client@^11.0.1\" \"@trpc/react-query@^11.0.1\" && pnpm ls -r @trpc/server --depth 0 | grep trpc",
           dur=(20, 35), out="Progress: resolved 618, reused 612, downloaded 0, added 0, done\n@trpc/server 11.0.0-rc.446\n@trpc/server 11.0.0-rc.446\n")
    s.say("Still resolving to rc.446: the root `pnpm.overrides` forces it. Removing the overrides.")
    s.edit("package.json",
           "  },\n  \"pnpm\": {\n    \"overrides\": {\n      \"@trpc/server\": \"11.0.0-rc.446\",\n"
           "      \"@trpc/client\": \"11.0.0-rc.446\",\n      \"@trpc/react-query\": \"11.0.0-rc.446\"\n    }\n  }\n}",
           "  }\n}", line=17)
    s.bash("pnpm install && pnpm ls -r @trpc/server --depth 0 | grep trpc && pnpm turbo typecheck test",
           dur=(50, 75), out="Progress: resolved 618, reused 603, downloaded 6, added 6, done\n@trpc/server 11.0.1\n@trpc/server 11.0.1\n\n Tasks:    9 successful, 9 total\n  Time:    46.033s\n")
    s.reply("Upgraded `@trpc/server`, `@trpc/client` and `@trpc/react-query` to `^11.0.1` (the latest 11.x) "
            "across the workspace. I removed the root `pnpm.overrides` block, which was still forcing "
            "rc.446. Typecheck and tests pass.")

    s.user("Kindly check this sentry issue, same error is coming for 3-4 users since yesterday:\n\n```\n"
           "TRPCClientError: UNAUTHORIZED\n  at TRPCClientError.from (webpack-internal:///(app-pages-browser)/"
           "../../node_modules/.pnpm/@trpc+client@11.0.1/node_modules/@trpc/client/dist/TRPCClientError.mjs:41:16)\n"
           "  at eval (webpack-internal:///(app-pages-browser)/../../node_modules/.pnpm/@trpc+client@11.0.1/"
           "node_modules/@trpc/client/dist/links/httpBatchLink.mjs:120:60)\nurl: /api/trpc/invoice.createPaymentLink"
           "?batch=1\nbrowser: Chrome Mobile 126 / Android 13\nuser.id: cly8...\n```\n\nAll of them are shopkeepers "
           "who keep the app open whole day on phone. What is the reason?", "question")
    s.mcp("mcp__sentry__get_issue_details", {"organization_slug": "hisaab", "issue_id": "HISAAB-WEB-2F"},
          "Issue HISAAB-WEB-2F: TRPCClientError: UNAUTHORIZED\nEvents: 37 | Users: 4 | First seen: 2026-07-29T06:12Z\n"
          "Tags: route=/invoices/[id], procedure=invoice.createPaymentLink\nBreadcrumbs (latest event):\n"
          "  06:14:02 navigation /invoices\n  14:51:40 ui.click 'Collect payment'\n  14:51:41 fetch POST /api/trpc/invoice.createPaymentLink 401\n"
          "Time between page load and click: 8h37m")
    s.grep("maxAge|strategy", ["apps/web/src/server/auth.ts"], path="apps/web/src/server",
           content="apps/web/src/server/auth.ts:24:  session: { strategy: \"jwt\", maxAge: 8 * 60 * 60 },")
    s.reply("It's session expiry. `auth.ts` sets a JWT session with `maxAge: 8 * 60 * 60` (8 hours), and "
            "the Sentry breadcrumbs show these users loaded the page in the morning and clicked 'Collect "
            "payment' 8h37m later. Their cookie had expired, so `protectedProcedure` correctly returned "
            "`UNAUTHORIZED`, but the UI just shows a failure. Two fixes you could combine: raise `maxAge` "
            "(e.g. 30 days with `updateAge: 24h` for a shop app), and handle `UNAUTHORIZED` globally in "
            "the tRPC client to redirect to `/login`. Shall I do both and open a PR?")
    F["reviewer"] = s.user("yes do both and open PR. Any PR with migration goes to Priya (github id "
                           "priya-sharma-dev), rest only me. This one no migration so assign me, arjun-mehta.",
                           "fact")
    s.edit("apps/web/src/server/auth.ts", "  session: { strategy: \"jwt\", maxAge: 8 * 60 * 60 },",
           "  session: { strategy: \"jwt\", maxAge: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },", line=24)
    s.edit("apps/web/src/trpc/react.tsx",
           "  const [queryClient] = useState(() => new QueryClient());",
           "  const [queryClient] = useState(\n    () =>\n      new QueryClient({\n"
           "        mutationCache: new MutationCache({ onError: redirectOnUnauthorized }),\n"
           "        queryCache: new QueryCache({ onError: redirectOnUnauthorized }),\n      }),\n  );", line=31)
    s.bash("git checkout -q main && git pull -q && git checkout -qb fix/session-expiry && git commit -qam \"fix: 30d sessions, redirect to login on UNAUTHORIZED\" && git push -qu origin fix/session-expiry && gh pr create --title \"Fix UNAUTHORIZED after long idle\" --body \"Sessions 8h -> 30d (updateAge 24h); global tRPC onError redirects to /login on UNAUTHORIZED. Sentry HISAAB-WEB-2F.\" --reviewer arjun-mehta",
           dur=(5, 9), out="https://github.com/hisaab-app/hisaab/pull/58\n")
    s.reply("PR #58 is open with you as reviewer: https://github.com/hisaab-app/hisaab/pull/58. Sessions go "
            "from 8h to 30 days (refreshed daily), and any `UNAUTHORIZED` from a query or mutation now "
            "redirects to `/login?next=<current path>`.")

    T["hsn"] = s.user("Our CA uncle said HSN code column is needed in the invoice PDF for B2B invoices. Not "
                      "urgent. Next time we touch invoice-pdf.tsx remind me to add it.", "trigger")
    s.reply("Noted: next time `invoice-pdf.tsx` is changed, add an HSN/SAC column to the line items (needed "
            "for B2B invoices).")
    q_launch1 = s.user("How much time we have till launch actually? Should I start the GSTR-1 export now or "
                       "keep it for after launch?", "question")
    s.reply("I don't have your launch date in this session. What I can say: GSTR-1 is what shops file "
            "every month, due on the 11th of the following month, so the first one your users need is the "
            "11th of the month after launch. If launch is more than about three weeks out, I'd start the "
            "export now. If it's closer, ship without it and land it before that first filing date.")
    s.user("cashfree docs are so confusing yaar, 3 different API versions on same page 😤 anyway, good work "
           "today.", "chatter")
    s.reply("They are. Everything here is pinned to `x-api-version: 2023-08-01`, so we won't be affected if "
            "their docs default changes.")
    s.end()

    # ------------------------------------------------------------------ s4
    s = p.session("2026-08-07 05:22")
    F["node2"] = s.user("Vercel sent mail that node 18 is deprecated for builds. I have already updated .nvmrc "
                        "to 20.11.1 and changed the Vercel project setting to 20.x. Kindly update engines field "
                        "and the CI workflow also.", "fact")
    s.read("package.json", "{\n  \"name\": \"hisaab\",\n  \"private\": true,\n  \"packageManager\": \"pnpm@9.4.0\",\n"
                           "  \"engines\": { \"node\": \">=18.19 <19\" },\n", total=28, limit=5)
    s.edit("package.json", "  \"engines\": { \"node\": \">=18.19 <19\" },", "  \"engines\": { \"node\": \">=20.11 <21\" },", line=5)
    s.read(".github/workflows/ci.yml", """name: ci
on:
  pull_request:
  push:
    branches: [main]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: pnpm/action-setup@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 18.19.1
          cache: pnpm
      - run: pnpm install --frozen-lockfile
      - run: pnpm turbo typecheck lint test
""")
    s.edit(".github/workflows/ci.yml", "          node-version: 18.19.1", "          node-version-file: .nvmrc", line=14)
    s.bash("node -v && pnpm install --frozen-lockfile && pnpm turbo build", dur=(80, 100),
           out="v20.11.1\nLockfile is up to date, resolution step is skipped\nDone in 2.9s\n Tasks:    7 successful, 7 total\n  Time:    1m19.006s\n")
    s.reply("Updated `engines` to `>=20.11 <21`. CI now uses `node-version-file: .nvmrc`, so it follows "
            "`.nvmrc` (20.11.1) and can't drift again. Full build passes on v20.11.1.")

    e1r = s.user("Add placeOfSupply on Invoice — 2 char state code like '27'. Needed for IGST vs CGST decision. "
                 "Show it in invoice detail page also.", "task_start")
    s.edit("packages/db/prisma/schema.prisma",
           "  status        InvoiceStatus @default(DRAFT)\n",
           "  placeOfSupply String?       @db.Char(2)\n  status        InvoiceStatus @default(DRAFT)\n", line=45)
    s.say("Applying the column to the dev DB.")
    push1 = s.bash("pnpm --filter @hisaab/db exec prisma db push --skip-generate", dur=(5, 8), out="""\
Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "hisaab", schema "public" at "ep-quiet-sun-a1k9x2.ap-southeast-1.aws.neon.tech"

🚀  Your database is now in sync with your Prisma schema. Done in 2.12s
""")
    C["dbpush2"] = s.user("STOP. db push again?? I told na, migration only. Priya will kill me 😩", "correction")
    s.bash("cd packages/db && mkdir -p prisma/migrations/20260807053940_invoice_place_of_supply && pnpm exec prisma migrate diff --from-migrations prisma/migrations --to-schema-datamodel prisma/schema.prisma --shadow-database-url \"$SHADOW_DATABASE_URL\" --script > prisma/migrations/20260807053940_invoice_place_of_supply/migration.sql && pnpm exec prisma migrate resolve --applied 20260807053940_invoice_place_of_supply",
           dur=(8, 14), out="Migration 20260807053940_invoice_place_of_supply marked as applied.\n")
    s.bash("pnpm --filter @hisaab/api typecheck", dur=(9, 14), fail=(2, """\
> @hisaab/api@0.0.0 typecheck /home/arjun/work/hisaab/packages/api
> tsc --noEmit

src/lib/totals.ts(14,37): error TS2339: Property 'placeOfSupply' does not exist on type '{ id: string; businessId: string; customerId: string; number: string | null; status: $Enums.InvoiceStatus; ... }'.

 ELIFECYCLE  Command failed with exit code 2."""))
    s.bash("pnpm turbo typecheck --filter=@hisaab/api...", dur=(14, 20), out="@hisaab/db:db:generate: ✔ Generated Prisma Client (v5.16.1) in 150ms\n@hisaab/api:typecheck: > tsc --noEmit\n\n Tasks:    3 successful, 3 total\n")
    s.edit("apps/web/src/app/(app)/invoices/[id]/invoice-header.tsx",
           "        <p className=\"text-muted-foreground\">{invoice.customer.name}</p>",
           "        <p className=\"text-muted-foreground\">{invoice.customer.name}</p>\n"
           "        {invoice.placeOfSupply && <p className=\"text-xs\">Place of supply: {stateName(invoice.placeOfSupply)} ({invoice.placeOfSupply})</p>}", line=22)
    s.reply("Sorry about the `db push`. I've written a real migration, "
            "`20260807053940_invoice_place_of_supply`, generated with `migrate diff` and marked applied, so "
            "history is consistent. A direct `pnpm --filter @hisaab/api typecheck` then failed on a stale "
            "client; running it through turbo (which runs `db:generate` first) passes. The header now shows "
            "\"Place of supply: Maharashtra (27)\".")

    s.user("Add due date on invoice list also, with 'due in X days' / 'overdue by X days' text.", "request")
    s.edit("apps/web/src/app/(app)/invoices/invoice-table.tsx",
           "            <td>{formatINR(inv.totalPaise)}</td>",
           "            <td>{formatINR(inv.totalPaise)}</td>\n"
           "            <td>\n              {inv.dueAt ? inv.dueAt.toLocaleDateString(\"en-US\", { month: \"short\", day: \"numeric\", year: \"numeric\" }) : \"—\"}\n"
           "              {inv.dueAt && <span className=\"ml-2 text-xs text-muted-foreground\">{dueLabel(inv.dueAt)}</span>}\n"
           "            </td>", line=41)
    s.reply("Added a Due column that shows e.g. \"Aug 21, 2026\" plus a muted \"due in 14 days\" / \"overdue by "
            "3 days\" label.")
    C["dates"] = s.user("Not this US format. Dates we always show DD-MM-YYYY, and in IST — use the formatDate "
                        "helper in lib/date.ts, it's there only for this.", "correction")
    s.read("apps/web/src/lib/date.ts", """import { formatInTimeZone } from "date-fns-tz";

export const IST = "Asia/Kolkata";

export const formatDate = (d: Date) => formatInTimeZone(d, IST, "dd-MM-yyyy");
export const formatDateTime = (d: Date) => formatInTimeZone(d, IST, "dd-MM-yyyy HH:mm");
""")
    s.edit("apps/web/src/app/(app)/invoices/invoice-table.tsx",
           "              {inv.dueAt ? inv.dueAt.toLocaleDateString(\"en-US\", { month: \"short\", day: \"numeric\", year: \"numeric\" }) : \"—\"}",
           "              {inv.dueAt ? formatDate(inv.dueAt) : \"—\"}", line=43)
    s.reply("Switched to `formatDate` from `lib/date.ts` (DD-MM-YYYY in Asia/Kolkata). The due label now counts "
            "days on IST calendar dates too.")

    F["launch2"] = s.user("Big update — launch is preponed to 25 Aug!! Investor demo is on 26th so we need it "
                          "live before. So all P0 by 22 Aug now.", "fact")
    s.reply("Understood: launch on 25 Aug, P0 cut-off 22 Aug.")
    q_launch = s.user("What all P0 is pending and how many working days we have till launch? Check github issues "
                      "with P0 label.", "question")
    s.mcp("mcp__github__list_issues", {"owner": "hisaab-app", "repo": "hisaab", "labels": ["P0"], "state": "open"},
          "#61 GSTR-1 JSON export (assignee: arjun-mehta)\n#57 Cashfree webhook: mark invoice PAID on payment "
          "(assignee: none)\n#49 Invoice PDF: logo blurry on print (assignee: priya-sharma-dev)\n#44 Onboarding: "
          "GSTIN validation + state autofill (assignee: arjun-mehta)")
    s.reply("4 open P0 issues:\n- #61 GSTR-1 JSON export (you)\n- #57 Cashfree webhook to mark invoices PAID "
            "(unassigned)\n- #49 Invoice PDF logo blurry on print (Priya)\n- #44 Onboarding GSTIN "
            "validation + state autofill (you)\n\nFrom today (Fri 7 Aug) to the 22 Aug cut-off that's 10 "
            "working days (Mon–Fri; 15 Aug is a holiday, so 10 not 11). To the 25 Aug launch it's 12. #57 "
            "has no owner and blocks the payment flow, so I'd pick it up first.")

    s.user("Paid status badge should be green. Make it.", "request")
    s.grep("variant=", ["apps/web/src/app/(app)/invoices/status-badge.tsx"], path="apps/web/src/app/(app)/invoices",
           content="apps/web/src/app/(app)/invoices/status-badge.tsx:9:  return <Badge variant={status === \"CANCELLED\" ? \"destructive\" : \"secondary\"}>{status}</Badge>;")
    s.read("packages/ui/src/components/ui/badge.tsx", """import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/utils";

const badgeVariants = cva(
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground hover:bg-primary/80",
        secondary: "border-transparent bg-secondary text-secondary-foreground hover:bg-secondary/80",
        destructive: "border-transparent bg-destructive text-destructive-foreground hover:bg-destructive/80",
        outline: "text-foreground",
      },
    },
""", total=36, limit=16)
    ui_break = s.edit("packages/ui/src/components/ui/badge.tsx",
                      "        outline: \"text-foreground\",",
                      "        outline: \"text-foreground\",\n        success: \"border-transparent bg-green-600 text-white hover:bg-green-600/80\",", line=14)
    s.edit("apps/web/src/app/(app)/invoices/status-badge.tsx",
           "  return <Badge variant={status === \"CANCELLED\" ? \"destructive\" : \"secondary\"}>{status}</Badge>;",
           "  const variant = status === \"PAID\" ? \"success\" : status === \"CANCELLED\" ? \"destructive\" : \"secondary\";\n"
           "  return <Badge variant={variant}>{status}</Badge>;", line=9)
    s.reply("Added a `success` variant (green-600) to `Badge` and used it for PAID.")
    s.user("ok thanks, that's all for today. Weekend I will work on the GSTR-1 thing.", "thanks")
    s.reply("Have a good weekend!")
    s.end(reason="logout")

    # ------------------------------------------------------------------ s5
    s = p.session("2026-08-13 04:58")
    s.user("Good morning. Invoice PDF logo is coming blurry when printed (#49, Priya is stuck on other thing). "
           "Fix it.", "request")
    t2_fire = s.read("apps/web/src/components/invoice-pdf.tsx", """import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatINR } from "~/lib/money";
import { formatDate } from "~/lib/date";

const styles = StyleSheet.create({
  page: { padding: 32, fontSize: 10, fontFamily: "Inter" },
  logo: { width: 96, height: 32 },
  row: { flexDirection: "row", borderBottom: "1pt solid #e5e7eb", paddingVertical: 4 },
  item: { flex: 4 }, qty: { flex: 1, textAlign: "right" }, rate: { flex: 2, textAlign: "right" },
  amount: { flex: 2, textAlign: "right" },
});

export function InvoicePdf({ invoice, business }: InvoicePdfProps) {
  return (
    <Document>
      <Page size="A4" style={styles.page}>
        <Image style={styles.logo} src={business.logoUrl + "?w=96"} />
""", total=74, limit=18)
    s.edit("apps/web/src/components/invoice-pdf.tsx",
           "        <Image style={styles.logo} src={business.logoUrl + \"?w=96\"} />",
           "        {/* 96x32pt at 300dpi = 400x133px; fetch 4x so print isn't blurry */}\n"
           "        <Image style={styles.logo} src={business.logoUrl + \"?w=400&fm=png\"} />", line=17)
    s.reply("Fixed the blur: the PDF requested the logo at `?w=96`, i.e. 96 **pixels** for a 96 **pt** box, "
            "which prints at ~72 dpi. It now fetches 400px PNG (≈300 dpi at that size). The on-screen "
            "size is unchanged.")
    s.user("How is the PDF made actually? Priya says sometimes fonts are different on her mac vs on server.",
           "question")
    rp2 = s.reply("It's `@react-pdf/renderer`, which lays the PDF out in JS, so the fonts are whatever is "
                  "registered with `Font.register`. If one weight isn't registered it falls back to "
                  "Helvetica, and that's the most likely difference. Two options:\n1. Register every Inter "
                  "weight we use (400/600/700) from files in `public/fonts`. Small change.\n2. Render the "
                  "invoice as an HTML page and print it with **Puppeteer** (`@sparticuz/chromium` on a Vercel "
                  "function). Pixel-identical to the web view, but a ~50 MB function and slower cold starts.")
    s.user("No puppeteer please, function size limit and cold start both we can't afford. Do option 1.",
           "preference")
    s.edit("apps/web/src/components/invoice-pdf.tsx",
           "const styles = StyleSheet.create({",
           "Font.register({\n  family: \"Inter\",\n  fonts: [\n    { src: \"/fonts/Inter-Regular.ttf\", fontWeight: 400 },\n"
           "    { src: \"/fonts/Inter-SemiBold.ttf\", fontWeight: 600 },\n    { src: \"/fonts/Inter-Bold.ttf\", fontWeight: 700 },\n  ],\n});\n\n"
           "const styles = StyleSheet.create({", line=5)
    s.reply("Registered Inter 400/600/700 from `public/fonts`. The PDF no longer falls back to Helvetica "
            "for bold text, so Mac and server output should match.")

    q_fy = s.user("Shopkeeper asked on WhatsApp: what will be the first invoice number next April for his "
                  "shop? He wants to pre-print some bill books.", "question")
    s.grep("HSB/|financialYear", ["packages/api/src/lib/invoice-number.ts"], path="packages/api/src/lib",
           content="packages/api/src/lib/invoice-number.ts:5:export function financialYear(d: Date): string {\n"
                   "packages/api/src/lib/invoice-number.ts:10:  const start = m >= 4 ? y : y - 1;\n"
                   "packages/api/src/lib/invoice-number.ts:26:  return `HSB/${fy}/${String(counter.last).padStart(4, \"0\")}`;")
    s.reply("From `nextInvoiceNumber`, the first invoice issued on or after 1 April 2027 (IST) gets "
            "**HSB/2027-28/0001**, then 0002, … The counter is per business and per FY, so his sequence "
            "starts again from 0001 then.")

    q_node = s.user("Priya's CI run is failing with 'Unsupported engine' — which node version we are supposed "
                    "to be on now? tell me exact one so I can tell her", "question")
    s.bash("cat .nvmrc && grep -n '\"node\"' package.json", dur=(1, 2), out="20.11.1\n5:  \"engines\": { \"node\": \">=20.11 <21\" },\n")
    s.reply("**20.11.1**. That's what `.nvmrc` says, and CI reads the same file. `engines` in the root "
            "`package.json` is `>=20.11 <21`, so anything on 18 (or 22) gets 'Unsupported engine'. She "
            "should run `nvm install && nvm use` in the repo.")

    q_pr = s.user("Make the PR for placeOfSupply branch now, it has the migration.", "request")
    s.bash("git push -u origin feat/place-of-supply && gh pr create --title \"Invoice place of supply\" --body \"Adds Invoice.placeOfSupply (CHAR(2)) + migration 20260807053940_invoice_place_of_supply; shown in invoice header.\"",
           dur=(4, 8), out="https://github.com/hisaab-app/hisaab/pull/63\n",
           err="To github.com:hisaab-app/hisaab.git\n * [new branch]      feat/place-of-supply -> feat/place-of-supply\n")
    s.reply("PR #63 is open: https://github.com/hisaab-app/hisaab/pull/63")

    q_gw = s.user("Shopkeeper says payment link SMS says 'Razorpay' still in message, is that possible? Check "
                  "which gateway the collect payment is actually calling in prod branch.", "question")
    s.grep("razorpay|cashfree", ["packages/api/src/routers/invoice.ts", "packages/api/src/lib/cashfree.ts"], path="packages/api/src",
           content="packages/api/src/routers/invoice.ts:4:import { cashfree } from \"../lib/cashfree\";\n"
                   "packages/api/src/routers/invoice.ts:16:      const res = await cashfree().PGCreateLink(\"2023-08-01\", {\n"
                   "packages/api/src/lib/cashfree.ts:1:import { Cashfree } from \"cashfree-pg\";")
    s.bash("git log origin/main --oneline -- packages/api/src/lib | head -5", dur=(1, 2),
           out="d03e5b7 chore: cashfree env in turbo.json\n9ac1f02 feat: cashfree payment links\nb7d2a41 fix: declare razorpay env in turbo.json, lazy client\n4e1c09b feat: razorpay payment link on invoice page\n")
    s.reply("Production code calls Cashfree only. `main` has had the Cashfree switch since `9ac1f02`, and "
            "there's no Razorpay reference left in `packages/api`. An SMS that mentions Razorpay must be from "
            "an **old link** created before the switch (Razorpay links stay valid until they expire), or "
            "from a different merchant. Ask him for the link URL: `rzp.io/...` means old, "
            "`payments.cashfree.com/...` means ours.")
    s.user("ok makes sense, thanks. bye", "thanks")
    s.reply("Bye!")
    s.end()

    # ------------------------------------------------------------------ expectations
    p.fact("F1", F["node"], needed=[q_groupby], terms=["18.19"],
           note="node 18.19 via .nvmrc (later replaced by 20.11.1, see F6)")
    p.fact("F2", F["fy"], needed=[q_fy], terms=["hsb/", "april"],
           note="invoice number format HSB/<FY>/<seq>, Indian FY April-March, stated in reply to the assistant's question")
    p.fact("F3", F["launch"], needed=[q_launch1], terms=["1 sept"],
           note="launch date first fixed at 1 Sept")
    p.fact("F4", F["gateway"], needed=[e2r, q_gw], terms=["cashfree"], stale=["razorpay"],
           note="payment gateway moved Razorpay -> Cashfree")
    p.fact("F5", F["reviewer"], needed=[q_pr], terms=["priya-sharma-dev", "migration"],
           note="PRs with migrations are reviewed by Priya; stated while answering the assistant's question")
    p.fact("F6", F["node2"], needed=[q_node], terms=["20.11.1"], stale=["18.19"],
           note="node upgraded 18.19 -> 20.11.1")
    p.fact("F7", F["launch2"], needed=[q_launch], terms=["25 aug"], stale=["1 sept"],
           note="launch preponed from 1 Sept to 25 Aug")

    p.correction("C1", C["trpc"], ["prisma", "trpc", "router"], note="named: no prisma in page.tsx, go through tRPC router")
    p.correction("C2", C["router"], ["old way", "next/router"], note="unnamed: 'this is the old way only' (next/router in App Router)")
    p.correction("C3", C["procedure"], ["customer.ts", "publicprocedure"], note="unnamed by example: do it like customer.ts (protectedProcedure + businessId)")
    p.correction("C4", C["paise"], ["paise", "int", "decimal"], note="named: money as Int paise, never Decimal")
    p.correction("C5", C["folder"], ["wrong folder", "packages/ui"], note="unnamed: shared components belong in packages/ui")
    p.correction("C6", C["dbpush2"], ["db push", "migration"], note="interrupt after the recorded assistant broke R2")
    p.correction("C7", C["dates"], ["dd-mm-yyyy", "ist", "formatdate"], note="named: dates DD-MM-YYYY in IST via formatDate")

    p.rule("R1", R["npx"], "Bash", [npx1], ["npx", "pnpm"], note="broken: `npx vercel build` in s3")
    p.rule("R2", R["dbpush"], "Bash", [push1], ["db push", "migrate dev"], note="broken again in s4 (user interrupts)")
    p.rule("R3", R["ui"], "Edit", [ui_break], ["components/ui"], note="broken: hand-edits shadcn badge.tsx in s4")

    p.episode("E1", e1a, e1b, e1r, ["db:generate", "dependson"],
              note="schema change -> stale Prisma client; fix is db:generate wired into turbo dependsOn")
    p.episode("E2", e2a, e2b, e2r, ["turbo.json", "strict env mode"],
              note="preview deploy fails: new env vars must be declared in turbo.json (strict env mode)")

    p.trigger("T1", T["trpc"], t1_fire, "pin @trpc/* to 11.0.0 stable and remove the rc pnpm override")
    p.trigger("T2", T["hsn"], t2_fire, "add HSN column next time invoice-pdf.tsx is touched")

    p.rejected(rp1, ["drizzle"], "user refuses to switch ORM before launch; went with @prisma/adapter-neon")
    p.rejected(rp2, ["puppeteer"], "user refuses Puppeteer PDF rendering (function size, cold start)")
    return p


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    build().dump(os.path.join(here, "..", "hisaab-turbo.json"))
