"""cafe-serra-laravel: Laravel 12 shop selling specialty coffee from Minas Gerais.

Voice: Brazilian Portuguese speaker writing English. Pastes a lot (code, logs,
composer output) and types little; Portuguese words and calques ("I have a doubt",
"it's giving error", "remember me").
"""
from builder import Project


def build():
    p = Project(
        "cafe-serra-laravel", "/home/rafaela/projetos/cafe-serra",
        voice="Brazilian Portuguese speaker writing English; pastes a lot and types little; 'né', 'valeu', 'I have a doubt'",
        stack="Laravel 12, PHP 8.4, Livewire 3, Filament 4 admin, MySQL 8.4 + Redis via Sail, Horizon, Pest 3, "
              "Forge on Vultr São Paulo; Mercado Pago -> Pagar.me, Melhor Envio, Focus NFe",
        seed=5303)

    # ------------------------------------------------------------------ S0
    s = p.session("2026-01-12 09:31")
    f1 = s.user("bom dia! we use Mercado Pago for the payments (pix and cartão), the sdk is already installed. after "
                "checkout the page of pedido need to show the QR code of the pix. controller is this:\n\n```php\n"
                "public function show(Order $order)\n{\n    $this->authorize('view', $order);\n\n"
                "    return view('orders.show', [\n        'order' => $order->load('items.product'),\n    ]);\n}\n```",
                "fact")
    s.read("app/Services/MercadoPagoService.php",
           "<?php\n\nnamespace App\\Services;\n\nuse App\\Models\\Order;\nuse MercadoPago\\Client\\Payment\\PaymentClient;\n"
           "use MercadoPago\\MercadoPagoConfig;\n\nclass MercadoPagoService\n{\n    public function __construct()\n    {\n"
           "        MercadoPagoConfig::setAccessToken(config('services.mercadopago.token'));\n    }\n\n"
           "    public function createPix(Order $order): array\n    {\n        $payment = (new PaymentClient())->create([\n"
           "            'transaction_amount' => $order->total_cents / 100,\n            'payment_method_id' => 'pix',\n"
           "            'payer' => ['email' => $order->customer->email],\n            'external_reference' => (string) $order->id,\n"
           "        ]);\n\n        return [\n            'qr_code' => $payment->point_of_interaction->transaction_data->qr_code,\n"
           "            'qr_code_base64' => $payment->point_of_interaction->transaction_data->qr_code_base64,\n"
           "        ];\n    }\n}\n")
    s.edit("resources/views/orders/show.blade.php",
           "    @include('orders.partials.items', ['order' => $order])\n",
           "    @include('orders.partials.items', ['order' => $order])\n\n"
           "    @if ($order->payment_method === 'pix' && $order->status === 'awaiting_payment')\n"
           "        <div class=\"mt-6 rounded-lg border p-4 text-center\">\n"
           "            <img src=\"data:image/png;base64,{{ $order->pix_qr_code_base64 }}\" class=\"mx-auto h-56 w-56\" alt=\"PIX\">\n"
           "            <input readonly value=\"{{ $order->pix_qr_code }}\" class=\"mt-3 w-full text-xs\" x-data @click=\"$el.select()\">\n"
           "        </div>\n    @endif\n", line=18)
    s.reply("The order page now shows the PIX QR code and the copia-e-cola code while the order is "
            "`awaiting_payment`. It reads `pix_qr_code` and `pix_qr_code_base64` from the order, and "
            "`MercadoPagoService::createPix()` returns both at checkout.")
    r1 = s.user("ah, one thing: always run artisan and composer with sail (./vendor/bin/sail), the php in my machine "
                "is 8.1 and the project is 8.4", "preference")
    r1_ok = s.bash("./vendor/bin/sail artisan test --filter=OrderPage", dur=14, out=
           "\n   PASS  Tests\\Feature\\OrderPageTest\n  ✓ owner sees pix qr code while awaiting payment                 0.41s\n"
           "  ✓ other customers cannot see the order                            0.05s\n\n  Tests:    2 passed (5 assertions)\n  Duration: 0.62s\n")
    s.reply("Okay, artisan and composer will always go through `./vendor/bin/sail`. The order page tests pass in Sail "
            "(2 passed).")
    s.user("now in filament the list of pedidos need a filter by status and by the name of client, the client "
           "want search 'maria' and find everything", "request")
    s.edit("app/Filament/Resources/OrderResource.php",
           "            ->filters([\n",
           "            ->filters([\n                Tables\\Filters\\SelectFilter::make('status')->options(OrderStatus::class),\n"
           "                Tables\\Filters\\Filter::make('customer')\n"
           "                    ->form([Forms\\Components\\TextInput::make('name')])\n"
           "                    ->query(fn (Builder $query, array $data) => $query->when($data['name'] ?? null,\n"
           "                        fn ($q, $name) => $q->whereHas('customer', fn ($c) => $c->whereRaw(\n"
           "                            DB::raw(\"LOWER(name) LIKE '%\" . strtolower($name) . \"%'\")\n"
           "                        ))\n                    )),\n", line=77)
    s.reply("The orders table has a status SelectFilter and a customer-name filter now. Case doesn't matter, so "
            "'maria' finds 'Maria Aparecida'.")
    c1 = s.user("hmm no, DB::raw with the text of the user?? this is sql injection né. use the binding of query builder",
                "correction")
    s.edit("app/Filament/Resources/OrderResource.php",
           "                        fn ($q, $name) => $q->whereHas('customer', fn ($c) => $c->whereRaw(\n"
           "                            DB::raw(\"LOWER(name) LIKE '%\" . strtolower($name) . \"%'\")\n"
           "                        ))\n",
           "                        fn ($q, $name) => $q->whereHas('customer',\n"
           "                            fn ($c) => $c->where('name', 'like', '%' . $name . '%'))\n", line=81)
    s.reply("You're right, sorry. It's a plain `where('name', 'like', ...)` with a bound parameter now. The MySQL "
            "collation (utf8mb4_0900_ai_ci) already ignores case and accents, so 'maria' still matches 'Maria' and "
            "'joao' matches 'João'.")
    f2 = s.user("the banner of the home need to say frete grátis acima de R$ 200, put it in the header component pls",
                "fact")
    s.edit("resources/views/components/header.blade.php",
           "<header class=\"border-b bg-white\">\n",
           "<div class=\"bg-amber-900 py-1 text-center text-sm text-amber-50\">Frete grátis acima de R$ 200</div>\n"
           "<header class=\"border-b bg-white\">\n", line=1)
    s.reply("Added the banner above the header: \"Frete grátis acima de R$ 200\".")
    s.user("I have a doubt, what is the difference of wire:model.live and wire:model.blur? is for the CEP field", "question")
    s.reply("`wire:model.live` sends a request to the server on every keystroke (debounced 150ms). "
            "`wire:model.blur` only syncs when the field loses focus. For a CEP you want the lookup once the "
            "8 digits are typed, so use `.blur`, or `.live.debounce.500ms` if you want it to fire without leaving the "
            "field. Don't use plain `.live`: it would call the CEP API on every digit.")
    s.user("ok, blur then. now the frete: calculate with Melhor Envio in the cart, PAC and SEDEX", "request")
    q = s.reply("I'll use Melhor Envio's `/api/v2/me/shipment/calculate` endpoint. I need the origin: which CEP do "
                "the packages ship from, and do you want any other carriers besides Correios PAC and SEDEX?")
    f3 = s.user("origem CEP 37540-000, is our armazém in Carmo de Minas. only PAC and SEDEX, the others lose the packages",
                "fact")
    s.write("app/Services/MelhorEnvioService.php",
            "<?php\n\nnamespace App\\Services;\n\nuse App\\Models\\Cart;\nuse Illuminate\\Support\\Facades\\Http;\n\n"
            "class MelhorEnvioService\n{\n    private const ORIGIN_CEP = '37540000';\n    private const SERVICES = '1,2'; // 1 = PAC, 2 = SEDEX\n\n"
            "    public function quote(Cart $cart, string $destinationCep): array\n    {\n"
            "        return Http::withToken(config('services.melhorenvio.token'))\n            ->acceptJson()\n"
            "            ->timeout(15)\n            ->post(config('services.melhorenvio.url') . '/api/v2/me/shipment/calculate', [\n"
            "                'from' => ['postal_code' => self::ORIGIN_CEP],\n"
            "                'to' => ['postal_code' => preg_replace('/\\D/', '', $destinationCep)],\n"
            "                'products' => $cart->items->map->toMelhorEnvioProduct()->all(),\n"
            "                'services' => self::SERVICES,\n            ])\n            ->throw()\n            ->json();\n    }\n}\n")
    s.bash("./vendor/bin/sail artisan tinker --execute=\"dump(app(App\\Services\\MelhorEnvioService::class)->quote(App\\Models\\Cart::first(), '01310-100'))\"",
           dur=6, out="array:2 [\n  0 => array:6 [\n    \"id\" => 1\n    \"name\" => \"PAC\"\n    \"price\" => \"24.87\"\n    \"delivery_time\" => 6\n  ]\n"
           "  1 => array:6 [\n    \"id\" => 2\n    \"name\" => \"SEDEX\"\n    \"price\" => \"41.30\"\n    \"delivery_time\" => 2\n  ]\n]\n")
    s.reply("Melhor Envio quotes work from CEP 37540-000 with PAC and SEDEX only. A test cart to São Paulo "
            "(01310-100) gives PAC R$ 24,87 (6 days) and SEDEX R$ 41,30 (2 days).")
    s.user("valeu!!", "thanks")
    s.reply("De nada!")
    s.end()

    # ------------------------------------------------------------------ S1
    s = p.session("2026-01-19 14:12")
    e1a = s.user("the webhook of mercado pago is giving error, look:\n\n```\n[2026-01-19 13:58:41] production.INFO: "
                 "POST /webhooks/mercadopago 419\n[2026-01-19 13:58:41] production.INFO: POST /webhooks/mercadopago 419\n"
                 "[2026-01-19 13:59:12] production.INFO: POST /webhooks/mercadopago 419\n```\n\nand in the painel of MP "
                 "says 'Falha na entrega'. the orders stay in aguardando pagamento forever", "task_start")
    s.say("A 419 is Laravel's CSRF check rejecting the gateway's POST. The webhook route needs to be excluded.")
    s.write("app/Http/Middleware/VerifyCsrfToken.php",
            "<?php\n\nnamespace App\\Http\\Middleware;\n\nuse Illuminate\\Foundation\\Http\\Middleware\\VerifyCsrfToken as Middleware;\n\n"
            "class VerifyCsrfToken extends Middleware\n{\n    /**\n     * The URIs that should be excluded from CSRF verification.\n"
            "     *\n     * @var array<int, string>\n     */\n    protected $except = [\n        'webhooks/mercadopago',\n    ];\n}\n")
    s.bash("curl -sf -X POST http://localhost/webhooks/mercadopago -H 'Content-Type: application/json' "
           "-d '{\"type\":\"payment\",\"data\":{\"id\":\"1319984221\"}}'", dur=2, fail=(22,
           "curl: (22) The requested URL returned error: 419"))
    c2 = s.user("hmm I think this is the old way 🤔 in laravel 12 there is no Kernel, nobody is using this file", "correction")
    s.bash("rm app/Http/Middleware/VerifyCsrfToken.php", out="")
    s.edit("bootstrap/app.php",
           "    ->withMiddleware(function (Middleware $middleware) {\n",
           "    ->withMiddleware(function (Middleware $middleware) {\n        $middleware->validateCsrfTokens(except: [\n"
           "            'webhooks/mercadopago',\n        ]);\n", line=14)
    s.bash("curl -s -o /dev/null -w '%{http_code}\\n' -X POST http://localhost/webhooks/mercadopago -H 'Content-Type: application/json' "
           "-d '{\"type\":\"payment\",\"data\":{\"id\":\"1319984221\"}}'", out="200\n")
    e1b = s.reply("Yes, that was the Laravel 10 way: since Laravel 11 there is no HTTP Kernel, so the class I created "
                  "was never registered. I deleted it and excluded the route in `bootstrap/app.php` with "
                  "`$middleware->validateCsrfTokens(except: ['webhooks/mercadopago'])`. A local POST now returns 200. "
                  "Every webhook route from an external gateway needs to be in that `except` list.")
    s.user("see if this is ok pls, I did the handler yesterday:\n\n```php\npublic function __invoke(Request $request, "
           "MercadoPagoService $mp)\n{\n    $id = $request->input('data.id');\n    $payment = $mp->find($id);\n"
           "    $order = Order::findOrFail($payment->external_reference);\n\n    if ($payment->status === 'approved') {\n"
           "        $order->update(['status' => 'paid', 'paid_at' => now()]);\n        OrderPaid::dispatch($order);\n    }\n\n"
           "    return response()->noContent();\n}\n```", "question")
    s.reply("The logic is right. Three things:\n\n1. **Idempotency**: MP retries webhooks, so `OrderPaid` can be "
            "dispatched twice. Guard with `if ($order->status !== 'paid')`, or update inside a transaction with "
            "`lockForUpdate()`.\n2. **Signature**: validate the `x-signature` header with your webhook secret. "
            "Otherwise anyone can POST a real payment id.\n3. `findOrFail` returns 404, and MP will keep "
            "retrying. Log and return 200 for orders you don't know.")
    r3 = s.user("ok I do it. and please, never edit nothing inside vendor/ or resources/views/vendor/, the filament "
                "views I publish again with artisan and it overwrites everything", "preference")
    s.reply("Understood. I won't edit files under vendor/ or resources/views/vendor/. Changes go through config, "
            "render hooks or our own views.")
    s.user("the site is slow in the black friday last year, 4 seconds the home. the server aguenta? what you think",
           "question")
    rj = s.reply("4 seconds on the home is mostly uncached queries, not the server. First, cache the home's "
                 "product grid (`Cache::remember`, 10 min) and check for N+1s with Debugbar. If you want it never "
                 "to be a capacity question again, you could move to **Laravel Vapor** (serverless on AWS Lambda). "
                 "It scales automatically for a Black Friday peak, and you pay per request.")
    f4 = s.user("no no, vapor is in dollar and lambda, too expensive for us. we stay in Forge. the server is a Vultr "
                "in São Paulo, name serra-prod, and Forge do the deploy automatic when push in main. do the cache",
                "fact")
    s.edit("app/Http/Controllers/HomeController.php",
           "        $featured = Product::with('images', 'variants')->where('featured', true)->get();\n",
           "        $featured = Cache::remember('home.featured', now()->addMinutes(10), fn () =>\n"
           "            Product::with('images', 'variants')->where('featured', true)->get());\n", line=21)
    s.reply("No Vapor, we stay on Forge. The featured products on the home are cached for 10 minutes. After the "
            "next push to main, Forge deploys it to serra-prod.")
    t1 = s.user("remember me next time we touch app/Livewire/Checkout.php to add validation of CPF (with the "
                "digits check, not only the mask)", "trigger")
    s.reply("Will do. Next time we edit app/Livewire/Checkout.php I'll remind you about CPF validation with the check "
            "digits.")
    s.user("valeu, bom trabalho hoje", "thanks")
    s.reply("Obrigado! Até a próxima.")
    s.end()

    # ------------------------------------------------------------------ S2
    s = p.session("2026-01-29 10:02")
    f5 = s.user("now the nota fiscal. we use Focus NFe, the token of homologação is in .env FOCUS_NFE_TOKEN. after "
                "payment approved need to emit the NF-e in a job, in the queue nfe", "fact")
    e2a = f5
    s.write("app/Jobs/EmitirNotaFiscal.php",
            "<?php\n\nnamespace App\\Jobs;\n\nuse App\\Models\\Order;\nuse App\\Services\\FocusNfeService;\n"
            "use Illuminate\\Contracts\\Queue\\ShouldQueue;\nuse Illuminate\\Foundation\\Queue\\Queueable;\n\n"
            "class EmitirNotaFiscal implements ShouldQueue\n{\n    use Queueable;\n\n    public $tries = 3;\n\n"
            "    public function __construct(public Order $order)\n    {\n        $this->onQueue('nfe');\n    }\n\n"
            "    public function handle(FocusNfeService $focus): void\n    {\n        $ref = 'pedido-' . $this->order->id;\n"
            "        $focus->emitir($ref, $this->order);\n        $focus->aguardarAutorizacao($ref); // polls every 5s\n"
            "        $this->order->update(['nfe_status' => 'autorizada']);\n    }\n}\n")
    s.bash("./vendor/bin/sail artisan queue:work redis --queue=nfe --once --timeout=60", dur=62, fail=(137,
           "\n   INFO  Processing jobs from the [nfe] queue.\n\n  2026-01-29 10:09:14 App\\Jobs\\EmitirNotaFiscal ........ RUNNING\n"
           "Killed\n"))
    s.bash("./vendor/bin/sail artisan tinker --execute=\"dump(app(App\\Services\\FocusNfeService::class)->consultar('pedido-1021'))\"",
           out="array:3 [\n  \"status\" => \"autorizado\"\n  \"numero\" => \"412\"\n  \"mensagem_sefaz\" => \"Autorizado o uso da NF-e\"\n]\n")
    s.say("The NF-e got authorised, but only after ~70s in homologação, so the worker was killed at 60s. Raising "
          "the job timeout, plus the Horizon and Redis connection timeouts that have to stay above it.")
    s.edit("app/Jobs/EmitirNotaFiscal.php", "    public $tries = 3;\n",
           "    public $tries = 3;\n\n    public $timeout = 180; // SEFAZ homologação can take > 60s\n\n    public $backoff = [60, 300];\n", line=14)
    s.edit("config/horizon.php",
           "        'supervisor-1' => [\n            'connection' => 'redis',\n            'queue' => ['default'],\n",
           "        'supervisor-1' => [\n            'connection' => 'redis',\n            'queue' => ['default', 'emails'],\n"
           "        ],\n        'supervisor-nfe' => [\n            'connection' => 'redis',\n            'queue' => ['nfe'],\n"
           "            'timeout' => 200,\n            'maxProcesses' => 2,\n", line=197)
    s.edit("config/queue.php", "            'retry_after' => (int) env('REDIS_QUEUE_RETRY_AFTER', 90),\n",
           "            'retry_after' => (int) env('REDIS_QUEUE_RETRY_AFTER', 240),\n", line=71)
    s.bash("./vendor/bin/sail artisan queue:work redis --queue=nfe --once --timeout=200", dur=75, out=
           "\n   INFO  Processing jobs from the [nfe] queue.\n\n  2026-01-29 10:14:02 App\\Jobs\\EmitirNotaFiscal ........ 71s DONE\n")
    e2b = s.reply("The NF-e job works now. In homologação SEFAZ took ~70s, and the worker killed the job at 60s. "
                  "The fix has three parts that must agree:\n- `public $timeout = 180` on the job\n- a separate "
                  "`supervisor-nfe` in config/horizon.php with `'timeout' => 200`\n- `retry_after` raised to 240 in "
                  "config/queue.php, so Redis doesn't hand the job to a second worker while the first is still waiting\n\n"
                  "Rule of thumb: job $timeout < supervisor timeout < retry_after.")
    s.user("the products need 2 new fields: peso (grams) and preço promocional", "request")
    s.write("database/migrations/2026_01_29_102233_add_weight_and_sale_price_to_products_table.php",
            "<?php\n\nuse Illuminate\\Database\\Migrations\\Migration;\nuse Illuminate\\Database\\Schema\\Blueprint;\n"
            "use Illuminate\\Support\\Facades\\Schema;\n\nreturn new class extends Migration\n{\n    public function up(): void\n    {\n"
            "        Schema::table('products', function (Blueprint $table) {\n            $table->unsignedInteger('weight_grams')->default(250);\n"
            "            $table->decimal('sale_price', 8, 2)->nullable();\n        });\n    }\n\n    public function down(): void\n    {\n"
            "        Schema::table('products', function (Blueprint $table) {\n            $table->dropColumn(['weight_grams', 'sale_price']);\n"
            "        });\n    }\n};\n")
    s.reply("The migration adds `weight_grams` (default 250) and a nullable `sale_price`.")
    c3 = s.user("again?? 😩 cents pls", "correction")
    s.edit("database/migrations/2026_01_29_102233_add_weight_and_sale_price_to_products_table.php",
           "            $table->decimal('sale_price', 8, 2)->nullable();\n",
           "            $table->unsignedInteger('sale_price_cents')->nullable();\n", line=13)
    s.edit("database/migrations/2026_01_29_102233_add_weight_and_sale_price_to_products_table.php",
           "            $table->dropColumn(['weight_grams', 'sale_price']);\n",
           "            $table->dropColumn(['weight_grams', 'sale_price_cents']);\n", line=20)
    s.reply("Sorry, money is in integer cents like `price_cents`. It's `sale_price_cents` now, an unsigned integer, nullable.")
    r2 = s.user("and please never run migrate:fresh, my local db has the 1.400 products imported from the old "
                "WooCommerce and I don't have the import script anymore", "preference")
    s.bash("./vendor/bin/sail artisan migrate", dur=4, out=
           "\n   INFO  Running migrations.\n\n  2026_01_29_102233_add_weight_and_sale_price_to_products_table ........ 38.12ms DONE\n")
    s.reply("Noted: no `migrate:fresh`, ever. Your local database is precious. I ran only the new migration with "
            "`sail artisan migrate`.")
    s.user("in the card of product put a badge Esgotado when the stock is 0", "request")
    s.edit("resources/views/components/product-card.blade.php",
           "    <h3 class=\"mt-2 font-medium\">{{ $product->name }}</h3>\n",
           "    <h3 class=\"mt-2 font-medium\">{{ $product->name }}</h3>\n    @if ($product->stock === 0)\n"
           "        <span class=\"absolute left-2 top-2 rounded bg-stone-800 px-2 py-0.5 text-xs text-white\">Esgotado</span>\n"
           "    @endif\n", line=6)
    s.reply("Added an \"Esgotado\" badge in the top-left corner of the card when stock is 0.")
    c4 = s.user("please don't put the texts in portuguese direct in the blade, use __() with the lang/pt_BR.json, "
                "we will have english version for the gringos this year", "correction")
    s.edit("resources/views/components/product-card.blade.php",
           ">Esgotado</span>\n", ">{{ __('Sold out') }}</span>\n", line=8)
    s.edit("lang/pt_BR.json", "    \"Add to cart\": \"Adicionar ao carrinho\",\n",
           "    \"Add to cart\": \"Adicionar ao carrinho\",\n    \"Sold out\": \"Esgotado\",\n", line=3)
    s.reply("The badge is `{{ __('Sold out') }}` now, with \"Esgotado\" in lang/pt_BR.json. The header banner has "
            "the same problem. Should I move it too?")
    s.user("yes. and this is in horizon failed jobs since yesterday, what is it?\n\n```\nIlluminate\\Http\\Client\\ConnectionException: "
           "cURL error 28: Operation timed out after 15001 milliseconds with 0 bytes received (see "
           "https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://www.melhorenvio.com.br/api/v2/me/shipment/calculate\n"
           "#0 /var/www/html/vendor/laravel/framework/src/Illuminate/Http/Client/PendingRequest.php(951): "
           "Illuminate\\Http\\Client\\PendingRequest->marshalConnectionException()\n#1 /var/www/html/vendor/laravel/framework/"
           "src/Illuminate/Support/helpers.php(338): Illuminate\\Http\\Client\\PendingRequest->{closure}()\n#2 "
           "/var/www/html/app/Services/MelhorEnvioService.php(24): Illuminate\\Http\\Client\\PendingRequest->post()\n"
           "#3 /var/www/html/app/Jobs/RecalcularFreteCarrinhos.php(31): App\\Services\\MelhorEnvioService->quote()\n"
           "...\n```\n\n35 of this", "question")
    s.reply("Melhor Envio didn't answer within the 15s timeout we set. 35 failures in one night usually means "
            "their API was degraded (check status.melhorenvio.com.br). `RecalcularFreteCarrinhos` is a background "
            "job, so give it `$tries = 3` with `$backoff = [60, 300]` so it retries instead of failing. The "
            "checkout quote should keep the short timeout and show a friendly error. I'll move the header banner "
            "to `__()` as well.")
    s.compact(trigger="auto")
    f2b = s.user("the owner decided: frete grátis now only above R$ 250, the correios increased the price. change pls",
                 "fact")
    s.grep("20000|200\\b", ["app/Services/CartService.php", "lang/pt_BR.json"], path="app", content=
           "app/Services/CartService.php:12:    public const FREE_SHIPPING_CENTS = 20000;\n"
           "lang/pt_BR.json:9:    \"Free shipping over R$ :amount\": \"Frete grátis acima de R$ :amount\",")
    s.edit("app/Services/CartService.php", "    public const FREE_SHIPPING_CENTS = 20000;\n",
           "    public const FREE_SHIPPING_CENTS = 25000;\n", line=12)
    s.reply("Free shipping now starts at R$ 250 (`FREE_SHIPPING_CENTS = 25000`). The banner reads the amount from "
            "the constant through `__('Free shipping over R$ :amount')`, so it updates too.")
    s.user("obrigada 🙏", "thanks")
    s.reply("Por nada!")
    s.end()

    # ------------------------------------------------------------------ S3
    s = p.session("2026-02-09 15:20")
    f1b = s.user("big news: we are leaving mercado pago, now is Pagar.me (the fees are better for cartão). the account is "
                 "ready, keys in .env PAGARME_SECRET_KEY. start with the service pls", "fact")
    s.write("app/Services/PagarmeService.php",
            "<?php\n\nnamespace App\\Services;\n\nuse App\\Models\\Order;\nuse Illuminate\\Support\\Facades\\Http;\n\n"
            "class PagarmeService\n{\n    private const BASE = 'https://api.pagar.me/core/v5';\n\n"
            "    public function createPixOrder(Order $order): array\n    {\n        return Http::withBasicAuth(config('services.pagarme.secret_key'), '')\n"
            "            ->acceptJson()\n            ->post(self::BASE . '/orders', [\n                'code' => (string) $order->id,\n"
            "                'items' => $order->items->map->toPagarmeItem()->all(),\n                'customer' => $order->customer->toPagarmeCustomer(),\n"
            "                'payments' => [[\n                    'payment_method' => 'pix',\n                    'pix' => ['expires_in' => 3600],\n"
            "                ]],\n            ])\n            ->throw()\n            ->json();\n    }\n}\n")
    s.reply("Created `PagarmeService` on Pagar.me API v5 (basic auth with the secret key). `createPixOrder()` "
            "creates an order with a PIX payment that expires in 1h, and the response has the QR code in "
            "`charges[0].last_transaction.qr_code`.")
    e1r = s.user("now the webhook of pagar.me, route /webhooks/pagarme, same as the mercado pago one", "task_start")
    s.edit("routes/web.php",
           "Route::post('/webhooks/mercadopago', MercadoPagoWebhookController::class);\n",
           "Route::post('/webhooks/mercadopago', MercadoPagoWebhookController::class);\n"
           "Route::post('/webhooks/pagarme', PagarmeWebhookController::class);\n", line=41)
    s.write("app/Http/Controllers/PagarmeWebhookController.php",
            "<?php\n\nnamespace App\\Http\\Controllers;\n\nuse App\\Events\\OrderPaid;\nuse App\\Models\\Order;\nuse Illuminate\\Http\\Request;\n\n"
            "class PagarmeWebhookController\n{\n    public function __invoke(Request $request)\n    {\n"
            "        if ($request->input('type') !== 'order.paid') {\n            return response()->noContent();\n        }\n\n"
            "        $order = Order::find($request->input('data.code'));\n\n        if ($order && $order->status !== 'paid') {\n"
            "            $order->update(['status' => 'paid', 'paid_at' => now(), 'gateway' => 'pagarme']);\n            OrderPaid::dispatch($order);\n"
            "        }\n\n        return response()->noContent();\n    }\n}\n")
    s.bash("curl -sf -X POST http://localhost/webhooks/pagarme -H 'Content-Type: application/json' "
           "-d '{\"type\":\"order.paid\",\"data\":{\"code\":\"1021\"}}'", dur=2, fail=(22,
           "curl: (22) The requested URL returned error: 419"))
    s.edit("bootstrap/app.php", "            'webhooks/mercadopago',\n",
           "            'webhooks/mercadopago',\n            'webhooks/pagarme',\n", line=16)
    s.bash("curl -s -o /dev/null -w '%{http_code}\\n' -X POST http://localhost/webhooks/pagarme -H 'Content-Type: application/json' "
           "-d '{\"type\":\"order.paid\",\"data\":{\"code\":\"1021\"}}'", out="204\n")
    s.reply("The Pagar.me webhook is live at /webhooks/pagarme. It answered 419 at first because the route wasn't "
            "in the CSRF exceptions. I added `webhooks/pagarme` to `validateCsrfTokens(except: [...])` in "
            "bootstrap/app.php and it returns 204 now. It's idempotent: an already-paid order isn't dispatched twice.")
    s.user("the column gateway in orders is enum only with 'mercadopago', need accept 'pagarme' too", "request")
    s.say("The enum is defined in the orders migration.")
    s.read("database/migrations/2025_11_03_140512_create_orders_table.php",
           "        Schema::create('orders', function (Blueprint $table) {\n            $table->id();\n"
           "            $table->foreignId('customer_id')->constrained();\n            $table->string('status')->default('awaiting_payment');\n"
           "            $table->enum('gateway', ['mercadopago']);\n            $table->unsignedInteger('total_cents');\n",
           start=14, total=38)
    s.edit("database/migrations/2025_11_03_140512_create_orders_table.php",
           "            $table->enum('gateway', ['mercadopago']);\n",
           "            $table->enum('gateway', ['mercadopago', 'pagarme']);\n", line=18)
    c5 = s.user("não não, not like that!! this migration already ran in production, changing it does nothing there", "correction")
    s.edit("database/migrations/2025_11_03_140512_create_orders_table.php",
           "            $table->enum('gateway', ['mercadopago', 'pagarme']);\n",
           "            $table->enum('gateway', ['mercadopago']);\n", line=18)
    s.write("database/migrations/2026_02_09_153902_add_pagarme_to_orders_gateway.php",
            "<?php\n\nuse Illuminate\\Database\\Migrations\\Migration;\nuse Illuminate\\Database\\Schema\\Blueprint;\n"
            "use Illuminate\\Support\\Facades\\Schema;\n\nreturn new class extends Migration\n{\n    public function up(): void\n    {\n"
            "        Schema::table('orders', function (Blueprint $table) {\n            $table->enum('gateway', ['mercadopago', 'pagarme'])->change();\n"
            "        });\n    }\n\n    public function down(): void\n    {\n        Schema::table('orders', function (Blueprint $table) {\n"
            "            $table->enum('gateway', ['mercadopago'])->change();\n        });\n    }\n};\n")
    s.bash("./vendor/bin/sail artisan migrate", dur=4, out=
           "\n   INFO  Running migrations.\n\n  2026_02_09_153902_add_pagarme_to_orders_gateway ........ 112.40ms DONE\n")
    s.reply("Right, a migration that already ran is never run again. I reverted the old file and added a new "
            "migration, `add_pagarme_to_orders_gateway`, which `->change()`s the enum. It ran locally and Forge "
            "will run it in production on deploy.")
    s.user("my local have some orders duplicated from the import of woocommerce, like 40, can you clean?", "request")
    s.say("The simplest is to rebuild the local database from the migrations and seeders.")
    r2_break = s.bash("./vendor/bin/sail artisan migrate:fresh --seed", dur=9, out=
                      "\n  Dropping all tables ........................................ 412.77ms DONE\n\n   INFO  Preparing database.\n")
    c6 = s.user("NÃOOO stop!!! migrate:fresh no!!! my 1.400 products!!!", "correction")
    s.reply("I'm really sorry. You told me never to run `migrate:fresh` and I ran it. The tables are dropped, so "
            "the local products are gone. Ways to get them back: (1) a Sail MySQL volume snapshot, if you have "
            "one; (2) a production dump (`mysqldump` over Forge's SSH, products and categories only); (3) the "
            "WooCommerce CSV export, if the old site still exists. (2) is the fastest. Should I write the command?")
    s.user("yes the dump of production, only products, categories and images tables", "request")
    s.bash("ssh forge@serra-prod 'mysqldump --single-transaction cafe_serra products categories product_images product_variants' "
           "| ./vendor/bin/sail mysql cafe_serra", dur=38, out="")
    s.bash("./vendor/bin/sail mysql cafe_serra -e 'select count(*) from products'", out="count(*)\n1412\n")
    s.reply("Restored from the production dump: 1,412 products, plus categories, images and variants. There are "
            "no duplicated orders anymore, because the orders table is fresh.")
    s.user("the login of filament admin need the logo of Serra instead of the text", "request")
    s.read("vendor/filament/filament/resources/views/components/logo.blade.php",
           "@if (filled($brand = filament()->getBrandName()))\n    <div\n        {{ $attributes->class(['fi-logo text-xl font-bold leading-5 tracking-tight']) }}\n"
           "    >\n        {{ $brand }}\n    </div>\n@endif\n")
    r3_break = s.edit("vendor/filament/filament/resources/views/components/logo.blade.php",
                      "        {{ $brand }}\n", "        <img src=\"{{ asset('img/serra-logo.svg') }}\" alt=\"{{ $brand }}\" class=\"h-8\">\n", line=5)
    s.reply("The admin login now shows public/img/serra-logo.svg instead of the brand text.")
    s.user("ok, enough for today kkkk", "chatter")
    s.reply("Até mais!")
    s.end()

    # ------------------------------------------------------------------ S4
    s = p.session("2026-02-23 09:47")
    e2r = s.user("new job: sync the estoque with Bling ERP every 15 minutes. the api of Bling is slow too, sometimes 1 "
                 "minute", "task_start")
    s.write("app/Jobs/SincronizarEstoqueBling.php",
            "<?php\n\nnamespace App\\Jobs;\n\nuse App\\Models\\Product;\nuse App\\Services\\BlingService;\n"
            "use Illuminate\\Contracts\\Queue\\ShouldQueue;\nuse Illuminate\\Foundation\\Queue\\Queueable;\n\n"
            "class SincronizarEstoqueBling implements ShouldQueue\n{\n    use Queueable;\n\n    public function handle(BlingService $bling): void\n    {\n"
            "        foreach ($bling->estoques() as $sku => $saldo) {\n            Product::where('sku', $sku)->update(['stock' => $saldo]);\n"
            "        }\n    }\n}\n")
    s.edit("routes/console.php", "Schedule::job(new RecalcularFreteCarrinhos)->hourly();\n",
           "Schedule::job(new RecalcularFreteCarrinhos)->hourly();\nSchedule::job(new SincronizarEstoqueBling)->everyFifteenMinutes()->withoutOverlapping();\n", line=9)
    s.reply("`SincronizarEstoqueBling` updates `stock` by SKU from Bling's stock balances and is scheduled "
            "every 15 minutes with `withoutOverlapping()`.")
    t1_fire_prompt = s.user("in the checkout add the field of cupom de desconto", "request")
    t1_fire = s.edit("app/Livewire/Checkout.php",
                     "    public string $cep = '';\n",
                     "    public string $cep = '';\n\n    public string $coupon = '';\n\n    public ?int $discountCents = null;\n", line=22)
    s.edit("app/Livewire/Checkout.php", "    public function updatedCep(): void\n",
           "    public function applyCoupon(): void\n    {\n        $coupon = Coupon::active()->where('code', strtoupper(trim($this->coupon)))->first();\n"
           "        $this->discountCents = $coupon?->discountFor($this->cart);\n"
           "        $coupon ?: $this->addError('coupon', __('Invalid coupon'));\n    }\n\n    public function updatedCep(): void\n", line=48)
    s.reply("Added a coupon field to the checkout. `applyCoupon()` looks the code up (trimmed, upper-case) among "
            "active coupons and sets `discountCents`, or shows \"Invalid coupon\" (translated in pt_BR.json).")
    s.user("run the tests pls", "request")
    r1_break = s.bash("php artisan test", dur=2, fail=(255,
                      "Composer detected issues in your platform:\n\nYour Composer dependencies require a PHP version \">= 8.4.0\". "
                      "You are running 8.1.2-1ubuntu2.20.\n\nPHP Fatal error:  Composer detected issues in your platform: Your "
                      "Composer dependencies require a PHP version \">= 8.4.0\". You are running 8.1.2-1ubuntu2.20. in "
                      "/home/rafaela/projetos/cafe-serra/vendor/composer/platform_check.php on line 24\n"))
    s.bash("./vendor/bin/sail artisan test", dur=31, out=
           "\n   PASS  Tests\\Unit\\CartServiceTest\n  ✓ free shipping over threshold                                   0.02s\n"
           "  ✓ sale price cents overrides price                                0.01s\n\n   PASS  Tests\\Feature\\CheckoutTest\n"
           "  ✓ applies a valid coupon                                          0.38s\n  ✓ rejects an unknown coupon                                        0.09s\n"
           "\n   PASS  Tests\\Feature\\PagarmeWebhookTest\n  ✓ marks order paid once                                            0.12s\n\n"
           "  Tests:    47 passed (131 assertions)\n  Duration: 6.84s\n")
    s.reply("All green: 47 passed (131 assertions). The first try used the host's PHP 8.1 and died on Composer's "
            "platform check. The run through Sail is the real one.")
    f1_need = s.user("a client paid with pix yesterday and the pedido still 'aguardando pagamento'. where I check the "
                     "status of the transaction?", "question")
    s.reply("Look it up by the order code in the payment gateway's dashboard (Pedidos → search by code). If it shows "
            "paid there, the webhook didn't reach us: check the webhook delivery log in the same dashboard and "
            "`storage/logs` on the server for POSTs to /webhooks/pagarme.")
    f2_need = s.user("a client is complaining, her order was R$ 230 and she paid frete. is correct?", "question")
    s.reply("Yes. Free shipping starts at R$ 250 (`FREE_SHIPPING_CENTS = 25000`), so an R$ 230 order pays "
            "shipping. Check that the banner she saw wasn't a cached page with the old amount.")
    f3_need = s.user("the frete quote for Manaus is coming very expensive, R$ 190 SEDEX. can you check from where we "
                     "calculate?", "question")
    s.read("app/Services/MelhorEnvioService.php",
           "    private const ORIGIN_CEP = '37540000';\n    private const SERVICES = '1,2'; // 1 = PAC, 2 = SEDEX\n", start=10, total=31)
    s.reply("We quote from the origin CEP 37540-000 (the armazém in Carmo de Minas) with PAC and SEDEX only. "
            "Manaus is about 3,000 km away and most SEDEX legs go by air, so R$ 190 for a heavy box is plausible. "
            "Check the cart's total weight, since `weight_grams` defaults to 250 g per product.")
    f5_need = s.user("the nota fiscal of the pedido 1187 was not emitted, where I look?", "question")
    s.reply("Check Horizon → Failed Jobs for `EmitirNotaFiscal` on the `nfe` queue. The exception will have the "
            "Focus NFe/SEFAZ rejection message. You can also query Focus NFe directly with the reference "
            "`pedido-1187` (`FocusNfeService::consultar('pedido-1187')`).")
    f4_need = s.user("everything ok, send to production pls", "request")
    s.bash("git add -A && git commit -qm 'Coupon field, Bling stock sync' && git push origin main", dur=6, out="",
           err="To github.com:cafeserra/loja.git\n   8e41d0a..c2f9b17  main -> main\n")
    s.reply("Pushed c2f9b17 to main. Forge will deploy it to serra-prod automatically. Keep an eye on the Horizon "
            "dashboard after the deploy.")
    s.user("valeu!! 🚀", "thanks")
    s.reply("Boa! 🚀")
    s.end(reason="logout")

    # ------------------------------------------------------------------ expect
    p.fact("F1-gateway-mp", f1, needed=[e1a], terms=["mercado pago", "pix"])
    p.fact("F1b-gateway-pagarme", f1b, needed=[f1_need], terms=["pagar.me"], stale=["mercado pago"])
    p.fact("F2-free-shipping-200", f2, needed=[f2b], terms=["frete grátis", "r$ 200"])
    p.fact("F2b-free-shipping-250", f2b, needed=[f2_need], terms=["frete grátis", "r$ 250"], stale=["r$ 200"])
    p.fact("F3-origin-cep", f3, needed=[f3_need], terms=["37540-000", "pac", "sedex"],
           note="given only in reply to the assistant's question about the origin")
    p.fact("F4-forge-vultr", f4, needed=[f4_need], terms=["forge", "serra-prod", "push in main"],
           note="stated while turning down the Vapor proposal")
    p.fact("F5-focus-nfe", f5, needed=[f5_need], terms=["focus nfe", "queue nfe"])

    p.correction("C1-no-raw-sql", c1, ["db::raw", "binding"])
    p.correction("C2-laravel12-csrf", c2, ["laravel 12", "verifycsrftoken", "bootstrap/app.php"],
                 note="'this is the old way', does not name the fix")
    p.correction("C3-money-in-cents", c3, ["cents", "decimal", "sale_price_cents"], note="'again?? cents pls'")
    p.correction("C4-i18n-strings", c4, ["__(", "pt_br", "blade"])
    p.correction("C5-new-migration", c5, ["already ran in production", "new migration", "migration"],
                 note="'not like that', edit of an already-run migration")
    p.correction("C6-no-migrate-fresh", c6, ["migrate:fresh", "products"], note="interrupts right after the tool result")

    p.rule("R1-sail", r1, "Bash", [r1_ok, r1_break], ["artisan", "sail"],
           note="followed in S0, broken in S4 (php artisan test on the host)")
    p.rule("R2-no-migrate-fresh", r2, "Bash", [r2_break], ["migrate:fresh"], note="broken in S3")
    p.rule("R3-no-vendor-edits", r3, "Edit", [r3_break], ["vendor/"], note="broken in S3 (filament logo view)")

    p.episode("E1-webhook-csrf", e1a, e1b, e1r, ["validatecsrftokens", "bootstrap/app.php"],
              note="gateway webhook 419 -> add the route to the CSRF except list; the repeat forgets it at first")
    p.episode("E2-slow-job-timeouts", e2a, e2b, e2r, ["$timeout", "retry_after", "horizon.php"],
              note="slow external API job killed at 60s; timeout < supervisor timeout < retry_after")

    p.trigger("T1-checkout-cpf", t1, t1_fire, "next edit of app/Livewire/Checkout.php: add CPF check-digit validation")

    p.rejected(rj, ["laravel vapor"], "assistant suggested Laravel Vapor; user stays on Forge (cost in dollars)")
    return p
