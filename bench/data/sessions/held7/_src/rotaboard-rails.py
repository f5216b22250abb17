"""rotaboard-rails: Rails 7.1 -> 7.2 + Hotwire SaaS for shift rotas, impatient founder in fragments."""
from builder import Project

SHIFT_RB = """class Shift < ApplicationRecord
  belongs_to :rota
  belongs_to :member, optional: true

  validates :starts_at, :ends_at, presence: true
  validate :ends_after_start

  scope :upcoming, -> { where("starts_at > ?", Time.current).order(:starts_at) }

  private

  def ends_after_start
    errors.add(:ends_at, "must be after start") if ends_at && starts_at && ends_at <= starts_at
  end
end"""

DEPLOY_YML = """service: rotaboard
image: rotaboard/app
servers:
  web:
    - 5.161.74.20
  job:
    hosts:
      - 5.161.74.20
    cmd: bundle exec sidekiq
proxy:
  ssl: true
  host: app.rotaboard.io
registry:
  server: ghcr.io
  username: rotaboard
  password:
    - KAMAL_REGISTRY_PASSWORD
env:
  secret:
    - RAILS_MASTER_KEY
    - DATABASE_URL
    - REDIS_URL
accessories:
  redis:
    image: redis:7.2
    host: 5.161.74.20
    port: 6379"""


def build():
    p = Project("rotaboard-rails", "/Users/jordan/code/rotaboard",
                voice="impatient solo founder typing in fragments between calls: no capitals, arrows, 'go.', "
                      "'ship it', one-word verdicts",
                stack="Ruby 3.3, Rails 7.1 -> 7.2, Hotwire (Turbo + Stimulus, importmap), Postgres 16, "
                      "Sidekiq -> Solid Queue, Stripe billing, RSpec + FactoryBot, Kamal 2 on Hetzner",
                seed=7202)

    # ---------------- session 0 ----------------
    s = p.session("2026-05-11 07:48")
    f_jobs = s.user("context fast. rotaboard = shift rotas for cafes + small clinics. rails 7.1, hotwire, pg. "
                    "jobs on sidekiq + redis. 40 paying customers, mostly ireland. task: reminder email 24h "
                    "before a shift. go.", "fact")
    s.say("Looking at the Shift model and existing mailers first.")
    s.read("app/models/shift.rb", SHIFT_RB)
    s.glob("app/mailers/*.rb", ["app/mailers/application_mailer.rb", "app/mailers/invite_mailer.rb"])
    s.write("app/mailers/shift_mailer.rb", "class ShiftMailer < ApplicationMailer\n  def reminder(shift)\n    @shift = shift\n    mail to: shift.member.email, subject: \"Reminder: your shift #{I18n.l(shift.starts_at, format: :short)}\"\n  end\nend\n")
    s.edit("app/models/shift.rb", "  validate :ends_after_start\n", "  validate :ends_after_start\n\n  after_commit :schedule_reminder, on: :create\n\n  def schedule_reminder\n    ShiftReminderJob.set(wait_until: starts_at - 24.hours).perform_later(id)\n  end\n")
    s.write("app/jobs/shift_reminder_job.rb", "class ShiftReminderJob < ApplicationJob\n  queue_as :mailers\n\n  def perform(shift_id)\n    shift = Shift.find_by(id: shift_id)\n    return unless shift&.member\n    ShiftMailer.reminder(shift).deliver_now\n  end\nend\n")
    s.reply("Added `ShiftMailer#reminder`, a `ShiftReminderJob` on the `mailers` queue, and an `after_commit` "
            "on Shift that schedules it 24h before `starts_at`. Sidekiq will pick it up from Redis.")
    c_cb = s.user("no model callbacks. ever. side effects go in a service object. app/services. "
                  "Shifts::Create or whatever.", "correction")
    s.edit("app/models/shift.rb", "\n  after_commit :schedule_reminder, on: :create\n\n  def schedule_reminder\n    ShiftReminderJob.set(wait_until: starts_at - 24.hours).perform_later(id)\n  end\n", "")
    s.write("app/services/shifts/create.rb", "module Shifts\n  class Create\n    def self.call(rota:, params:)\n      shift = rota.shifts.new(params)\n      return shift unless shift.save\n\n      ShiftReminderJob.set(wait_until: shift.starts_at - 24.hours).perform_later(shift.id)\n      shift\n    end\n  end\nend\n")
    s.edit("app/controllers/shifts_controller.rb", "    @shift = @rota.shifts.new(shift_params)\n    if @shift.save", "    @shift = Shifts::Create.call(rota: @rota, params: shift_params)\n    if @shift.persisted?")
    s.reply("Moved it out of the model: `Shifts::Create.call` saves and enqueues the reminder; the controller uses it.")
    q_trial = s.user("tests. rspec. go.", "request")
    s.write("spec/services/shifts/create_spec.rb", "require \"rails_helper\"\n\nRSpec.describe Shifts::Create do\n  include ActiveJob::TestHelper\n\n  it \"enqueues a reminder 24h before\" do\n    rota = create(:rota)\n    starts = 3.days.from_now.change(usec: 0)\n    expect {\n      described_class.call(rota: rota, params: attributes_for(:shift, starts_at: starts, ends_at: starts + 8.hours))\n    }.to have_enqueued_job(ShiftReminderJob).at(starts - 24.hours)\n  end\nend\n")
    s.bash("bundle exec rspec spec/services/shifts/create_spec.rb", out="Run options: exclude {:system=>true}\n.\n\nFinished in 0.41266 seconds (files took 2.13 seconds to load)\n1 example, 0 failures")
    s.reply("Green. One question while I'm here: the signup flow creates an `Account` with `trial_ends_at` "
            "hard-coded in two places (7 days in one, 14 in the other). Which is right?")
    f_trial = s.user("14. fourteen day trial, no card. fix both.", "fact")
    s.grep("trial_ends_at", ["app/models/account.rb", "app/controllers/registrations_controller.rb"], content="app/models/account.rb:9:  before_create { self.trial_ends_at ||= 7.days.from_now }\napp/controllers/registrations_controller.rb:22:      trial_ends_at: 14.days.from_now,")
    s.edit("app/models/account.rb", "  before_create { self.trial_ends_at ||= 7.days.from_now }", "  TRIAL_LENGTH = 14.days\n  before_create { self.trial_ends_at ||= TRIAL_LENGTH.from_now }")
    s.edit("app/controllers/registrations_controller.rb", "      trial_ends_at: 14.days.from_now,", "      trial_ends_at: Account::TRIAL_LENGTH.from_now,")
    s.reply("Both now use `Account::TRIAL_LENGTH = 14.days`.")
    r_bundle = s.user("rule: never bare bundle update. `bundle update --conservative <gem>` only. last time it "
                      "bumped 60 gems and broke stripe.", "preference")
    s.reply("Got it — only `bundle update --conservative <gem>`.")
    s.user("k. thx", "thanks")
    s.reply("👍")
    s.end()

    # ---------------- session 1 ----------------
    s = p.session("2026-05-18 21:10")
    f_price = s.user("pro plan → stripe. price id price_1PqPro29EURmonthly, €29/mo. wire checkout for "
                     "upgrade button on billing page.", "fact")
    s.mcp("mcp__stripe__list_prices", {"product": "prod_Q7rotaPro", "active": True},
          "[{\"id\": \"price_1PqPro29EURmonthly\", \"unit_amount\": 2900, \"currency\": \"eur\", \"recurring\": {\"interval\": \"month\"}, \"nickname\": \"Pro monthly\"}]")
    s.write("app/controllers/billing/checkouts_controller.rb", "module Billing\n  class CheckoutsController < ApplicationController\n    PRO_PRICE = \"price_1PqPro29EURmonthly\"\n\n    def create\n      session = Stripe::Checkout::Session.create(\n        mode: \"subscription\",\n        customer: current_account.stripe_customer_id,\n        line_items: [{price: PRO_PRICE, quantity: 1}],\n        success_url: billing_url(upgraded: 1),\n        cancel_url: billing_url\n      )\n      redirect_to session.url, allow_other_host: true, status: :see_other\n    end\n  end\nend\n")
    s.reply("Checkout session for `price_1PqPro29EURmonthly` (€29/mo, confirmed via Stripe), redirecting with "
            "303 so Turbo follows it.")
    ep1_start = s.user("webhook next. checkout.session.completed → mark account pro. request spec too.", "task_start")
    s.write("app/controllers/webhooks/stripe_controller.rb", "module Webhooks\n  class StripeController < ActionController::API\n    def create\n      event = Stripe::Webhook.construct_event(request.raw_post, request.headers[\"Stripe-Signature\"], ENV.fetch(\"STRIPE_WEBHOOK_SECRET\"))\n      case event.type\n      when \"checkout.session.completed\"\n        Billing::MarkPro.call(event.data.object)\n      end\n      head :ok\n    rescue Stripe::SignatureVerificationError\n      head :bad_request\n    end\n  end\nend\n")
    s.write("spec/requests/webhooks/stripe_spec.rb", "require \"rails_helper\"\n\nRSpec.describe \"Stripe webhooks\" do\n  it \"marks the account pro\" do\n    account = create(:account, stripe_customer_id: \"cus_123\")\n    payload = {type: \"checkout.session.completed\", data: {object: {customer: \"cus_123\"}}}.to_json\n    post \"/webhooks/stripe\", params: payload, headers: {\"Stripe-Signature\" => \"t=1,v1=fake\"}\n    expect(account.reload.plan).to eq(\"pro\")\n  end\nend\n")
    s.bash("bundle exec rspec spec/requests/webhooks/stripe_spec.rb", fail=(1, "Run options: exclude {:system=>true}\nF\n\nFailures:\n\n  1) Stripe webhooks marks the account pro\n     Failure/Error: expect(account.reload.plan).to eq(\"pro\")\n\n       expected: \"pro\"\n            got: \"trial\"\n\n     # ./spec/requests/webhooks/stripe_spec.rb:8:in `block (2 levels) in <top (required)>'\n\nFinished in 0.38 seconds (files took 2.2 seconds to load)\n1 example, 1 failure"))
    s.say("The controller returned 400 — the fake signature fails verification. I'll sign the payload properly "
          "in the spec with the test secret.")
    s.write("spec/support/stripe_helpers.rb", "module StripeHelpers\n  def stripe_signature_for(payload, secret: ENV.fetch(\"STRIPE_WEBHOOK_SECRET\"))\n    t = Time.now.to_i\n    sig = Stripe::Webhook::Signature.compute_signature(Time.at(t), payload, secret)\n    \"t=#{t},v1=#{sig}\"\n  end\nend\n\nRSpec.configure { |c| c.include StripeHelpers, type: :request }\n")
    s.edit("spec/requests/webhooks/stripe_spec.rb", "headers: {\"Stripe-Signature\" => \"t=1,v1=fake\"}", "headers: {\"Stripe-Signature\" => stripe_signature_for(payload), \"CONTENT_TYPE\" => \"application/json\"}")
    s.bash("bundle exec rspec spec/requests/webhooks/stripe_spec.rb", out="Run options: exclude {:system=>true}\n.\n\nFinished in 0.29 seconds (files took 2.1 seconds to load)\n1 example, 0 failures")
    ep1_end = s.reply("Passing. The trick: sign the raw JSON with `Stripe::Webhook::Signature.compute_signature` "
                      "(helper `stripe_signature_for` in `spec/support/stripe_helpers.rb`) and post it with "
                      "`CONTENT_TYPE: application/json` so `request.raw_post` is byte-identical to what was signed.")
    rej_q = s.user("schedule board. drag shifts between people. thoughts? 2 lines max.", "question")
    rej = s.reply("Drag-and-drop with live updates across a grid is where React shines — a small React island "
                  "(via jsbundling) for the board, Rails JSON API behind it. Or Stimulus + SortableJS if you "
                  "want to stay Hotwire-only.")
    s.user("no react. not adding a js build. stimulus + sortable via importmap.", "preference")
    s.bash("bin/importmap pin sortablejs", out="Pinning \"sortablejs\" to vendor/javascript/sortablejs.js via download from https://ga.jspm.io/npm:sortablejs@1.15.2/modular/sortable.esm.js")
    s.write("app/javascript/controllers/board_controller.js", "import { Controller } from \"@hotwired/stimulus\"\nimport Sortable from \"sortablejs\"\n\nexport default class extends Controller {\n  static values = { url: String }\n\n  connect() {\n    this.sortable = Sortable.create(this.element, { group: \"shifts\", onEnd: this.moved.bind(this) })\n  }\n\n  moved(evt) {\n    const memberId = evt.to.dataset.memberId\n    const shiftId = evt.item.dataset.shiftId\n    fetch(`/shifts/${shiftId}/assign`, {\n      method: \"PATCH\",\n      headers: { \"X-CSRF-Token\": document.querySelector(\"meta[name=csrf-token]\").content, \"Content-Type\": \"application/json\" },\n      body: JSON.stringify({ member_id: memberId })\n    }).then(r => r.json()).then(data => { evt.item.querySelector(\".hours\").textContent = data.hours })\n  }\n}\n")
    s.reply("Pinned SortableJS with importmap and added `board_controller.js`: on drop it PATCHes "
            "`/shifts/:id/assign` and patches the hours label from the JSON response.")
    c_srv = s.user("nope. not like that. server renders it — turbo stream back, not json + dom poking.", "correction")
    s.edit("app/javascript/controllers/board_controller.js", "      headers: { \"X-CSRF-Token\": document.querySelector(\"meta[name=csrf-token]\").content, \"Content-Type\": \"application/json\" },\n      body: JSON.stringify({ member_id: memberId })\n    }).then(r => r.json()).then(data => { evt.item.querySelector(\".hours\").textContent = data.hours })", "      headers: { \"X-CSRF-Token\": document.querySelector(\"meta[name=csrf-token]\").content, \"Content-Type\": \"application/json\", \"Accept\": \"text/vnd.turbo-stream.html\" },\n      body: JSON.stringify({ member_id: memberId })\n    }).then(r => r.text()).then(html => Turbo.renderStreamMessage(html))")
    s.write("app/views/shifts/assign.turbo_stream.erb", "<%= turbo_stream.replace dom_id(@shift) do %>\n  <%= render @shift %>\n<% end %>\n<%= turbo_stream.replace \"hours_#{@shift.member_id}\", partial: \"members/hours\", locals: {member: @shift.member} %>\n")
    s.reply("Now the server answers with a Turbo Stream (`assign.turbo_stream.erb`) replacing the shift card and "
            "the member's hours; the controller just hands it to `Turbo.renderStreamMessage`.")
    s.compact("auto")
    s.user("tried it locally. drag works, card updates, but console:\n\n```\nboard_controller.js:18 Uncaught (in promise) "
           "ReferenceError: Turbo is not defined\n    at board_controller.js:18:52\n[Log] turbo stream render skipped\n"
           "Started PATCH \"/shifts/4411/assign\" for ::1 at 2026-05-18 22:04:51 +0100\nProcessing by ShiftsController#assign as TURBO_STREAM\n"
           "  Parameters: {\"member_id\"=>\"87\", \"id\"=>\"4411\"}\n  Rendered shifts/assign.turbo_stream.erb (Duration: 6.1ms | Allocations: 2911)\n"
           "Completed 200 OK in 19ms (Views: 7.2ms | ActiveRecord: 3.4ms | Allocations: 6120)\n```\n\nhours don't update. why. "
           "server side looks fine?", "question")
    s.edit("app/javascript/controllers/board_controller.js", "import Sortable from \"sortablejs\"\n", "import Sortable from \"sortablejs\"\nimport { Turbo } from \"@hotwired/turbo-rails\"\n")
    s.reply("Server side is fine (200, stream rendered). With importmap `Turbo` isn't a global inside a module, "
            "so `Turbo.renderStreamMessage` threw. Imported it from `@hotwired/turbo-rails` in the controller.")
    s.end()

    # ---------------- session 2 ----------------
    s = p.session("2026-05-27 12:02")
    r_deploy = s.user("deploys: kamal. `kamal deploy -d staging` unless I literally say prod. staging = "
                      "staging.rotaboard.io. ship board to staging.", "preference")
    ep2_start = (s.i, len(s.events) - 1)
    s.bash("kamal deploy -d staging", fail=(1, "  INFO [a81c3e2f] Running docker container ls --all --filter name=^rotaboard-web-staging-7c1e9d4$ --quiet on 5.161.74.31\n  INFO Container rotaboard-web-staging-7c1e9d4 healthcheck...\n  INFO [kamal-proxy] Deploying rotaboard-web-staging-7c1e9d4 to staging.rotaboard.io\n  ERROR (SSHKit::Command::Failed): Exception while executing on host 5.161.74.31: docker exit status: 1\ndocker stdout: Nothing written\ndocker stderr: Error: target failed to become healthy within configured timeout (30s)\n\nFinished all in 96.4 seconds"), dur=(60, 100))
    s.say("Healthcheck timed out. Checking what /up returns inside the container.")
    s.bash("kamal app exec -d staging --reuse 'curl -si http://localhost:3000/up | head -3'", out="App Host: 5.161.74.31\nHTTP/1.1 301 Moved Permanently\nlocation: https://localhost:3000/up\ncontent-type: text/html; charset=utf-8")
    s.edit("config/environments/production.rb", "  config.force_ssl = true\n", "  config.force_ssl = true\n  config.ssl_options = { redirect: { exclude: ->(request) { request.path == \"/up\" } } }\n")
    s.bash("kamal deploy -d staging", out="  INFO [kamal-proxy] Deploying rotaboard-web-staging-91ad02b to staging.rotaboard.io\n  INFO First web container is healthy on 5.161.74.31, booting any other roles\n  INFO Pruning old containers\nFinished all in 71.8 seconds", dur=(60, 90))
    ep2_end = s.reply("Staging is up. The healthcheck failed because `force_ssl` 301-redirected kamal-proxy's "
                      "plain-HTTP probe of `/up`. Fix in `production.rb`: `config.ssl_options = { redirect: "
                      "{ exclude: ->(request) { request.path == \"/up\" } } }`.")
    s.user("nice. 2 mins on the board at staging. looks good. one thing: delete button on shifts does "
           "nothing", "request")
    s.read("app/views/shifts/_shift.html.erb", "<div id=\"<%= dom_id(shift) %>\" class=\"shift\" data-shift-id=\"<%= shift.id %>\">\n  <span class=\"time\"><%= l shift.starts_at, format: :hm %>–<%= l shift.ends_at, format: :hm %></span>\n  <%= link_to \"×\", shift, method: :delete, data: { confirm: \"Delete shift?\" } %>\n</div>")
    s.edit("app/views/shifts/_shift.html.erb", "  <%= link_to \"×\", shift, method: :delete, data: { confirm: \"Delete shift?\" } %>", "  <%= link_to \"×\", shift, method: :delete, remote: true, data: { confirm: \"Delete shift?\" } %>")
    s.reply("Added `remote: true` so the delete link submits via XHR.")
    c_old = s.user("that's the old way. ujs is gone. rails 7.", "correction")
    s.edit("app/views/shifts/_shift.html.erb", "  <%= link_to \"×\", shift, method: :delete, remote: true, data: { confirm: \"Delete shift?\" } %>", "  <%= button_to \"×\", shift, method: :delete, form: { data: { turbo_confirm: \"Delete shift?\" } } %>")
    s.reply("Right — `method:`/`remote:`/`data-confirm` were rails-ujs. Switched to `button_to ... method: :delete` "
            "with `data-turbo-confirm` on the form.")
    f_tz = s.user("also — every rota shows utc times. customers are ireland → default tz Europe/Dublin. "
                  "store utc, display dublin unless account overrides.", "fact")
    s.edit("config/application.rb", "    # config.time_zone = \"Central Time (US & Canada)\"", "    config.time_zone = \"Europe/Dublin\"")
    s.edit("app/controllers/application_controller.rb", "  before_action :authenticate_user!\n", "  before_action :authenticate_user!\n  around_action :use_account_time_zone, if: :current_account\n\n  private\n\n  def use_account_time_zone(&)\n    Time.use_zone(current_account.time_zone.presence || \"Europe/Dublin\", &)\n  end\n")
    s.reply("`config.time_zone = \"Europe/Dublin\"`, and an `around_action` uses the account's own zone when set. "
            "DB stays UTC.")
    s.user("paste from sentry, prod, last night. what is this\n\n```\nActiveRecord::RecordNotUnique: PG::UniqueViolation: ERROR:  duplicate key value violates unique constraint \"index_memberships_on_rota_id_and_user_id\"\nDETAIL:  Key (rota_id, user_id)=(812, 3391) already exists.\n  app/services/rotas/invite.rb:14:in `call'\n  app/controllers/invites_controller.rb:9:in `create'\n  actionpack (7.1.3.4) lib/action_controller/metal/basic_implicit_render.rb:6:in `send_action'\n```\n\n12 events, 1 user. double click?", "question")
    s.reply("Yes, almost certainly a double submit: two requests race past the `exists?` check in "
            "`Rotas::Invite` and the second hits the unique index. Use `find_or_create_by!` with a "
            "`rescue ActiveRecord::RecordNotUnique` retry, and add `data-turbo-submits-with` to disable the button.")
    s.user("do it", "request")
    s.edit("app/services/rotas/invite.rb", "      return membership if rota.memberships.exists?(user: user)\n      rota.memberships.create!(user: user, role: role)", "      rota.memberships.create_or_find_by!(user: user) { |m| m.role = role }")
    s.edit("app/views/invites/_form.html.erb", "  <%= f.submit \"Invite\" %>", "  <%= f.submit \"Invite\", data: { turbo_submits_with: \"Inviting…\" } %>")
    s.reply("`create_or_find_by!` (relies on the unique index, no race) plus `turbo_submits_with` on the button.")
    s.end()

    # ---------------- session 3 ----------------
    s = p.session("2026-06-04 06:55")
    f_jobs2 = s.user("dropping redis. moving jobs sidekiq → solid queue, runs in puma via the plugin, same pg. "
                     "one less box to pay for. do the switch.", "fact")
    s.bash("bundle add solid_queue && bin/rails solid_queue:install", out="Fetching gem metadata from https://rubygems.org/.........\nResolving dependencies...\nInstalling solid_queue 1.1.5\n      create  config/queue.yml\n      create  config/recurring.yml\n      create  db/queue_schema.rb\n        gsub  config/environments/production.rb\n        gsub  config/puma.rb")
    s.edit("config/application.rb", "    config.active_job.queue_adapter = :sidekiq", "    config.active_job.queue_adapter = :solid_queue")
    s.edit("config/deploy.yml", "  job:\n    hosts:\n      - 5.161.74.20\n    cmd: bundle exec sidekiq\n", "")
    s.edit("config/deploy.yml", "accessories:\n  redis:\n    image: redis:7.2\n    host: 5.161.74.20\n    port: 6379", "env:\n  clear:\n    SOLID_QUEUE_IN_PUMA: true")
    s.reply("Solid Queue 1.1.5 installed, adapter switched, `SOLID_QUEUE_IN_PUMA: true` in deploy.yml, and the "
            "Sidekiq job role and Redis accessory removed.")
    r_schema = s.user("migration for the queue tables then. reminder: schema.rb is generated. never hand-edit "
                      "db/schema.rb. migrations only.", "preference")
    s.bash("bin/rails db:migrate", out="== 20260604070312 CreateSolidQueueTables: migrating ====================\n-- create_table(:solid_queue_jobs)\n   -> 0.0112s\n...\n== 20260604070312 CreateSolidQueueTables: migrated (0.0941s) ===========")
    s.reply("Migrated; schema.rb regenerated by Rails.")
    trig_q = s.user("remind me next time we touch app/models/shift.rb — overlap validation. same member "
                    "can't have two shifts at once. not now.", "trigger")
    s.reply("Noted for the next change to `app/models/shift.rb`.")
    s.user("price change. pro goes €29 → €39 from july. new stripe price price_1RxPro39EURmonthly. old "
           "customers grandfathered, new signups on 39.", "fact")
    f_price2 = (s.i, len(s.events) - 1)
    s.grep("price_1PqPro29EURmonthly", ["app/controllers/billing/checkouts_controller.rb", "spec/requests/billing/checkouts_spec.rb"])
    s.edit("app/controllers/billing/checkouts_controller.rb", "    PRO_PRICE = \"price_1PqPro29EURmonthly\"", "    PRO_PRICE = \"price_1RxPro39EURmonthly\"")
    s.edit("spec/requests/billing/checkouts_spec.rb", "price_1PqPro29EURmonthly", "price_1RxPro39EURmonthly", replace_all=True)
    s.reply("Checkout now uses `price_1RxPro39EURmonthly`. Existing subscriptions stay on the old price in Stripe.")
    s.user("what's mrr if all 40 were on the new pro price. rough", "question")
    s.reply("40 × €39 = €1,560/month (vs €1,160 at the old €29).")
    s.user("ok ship to prod. I'm saying prod. go.", "request")
    s.bash("kamal deploy", out="  INFO [kamal-proxy] Deploying rotaboard-web-8d2f610 to app.rotaboard.io\n  INFO First web container is healthy on 5.161.74.20, booting any other roles\n  INFO Pruning old containers\nFinished all in 74.2 seconds", dur=(60, 90))
    s.reply("Production deploy done: app.rotaboard.io on 5.161.74.20, Solid Queue running inside Puma.")
    s.user("👌", "thanks")
    s.reply("👍")
    s.end()

    # ---------------- session 4 ----------------
    s = p.session("2026-06-11 22:30")
    ep1_rep = s.user("stripe again. handle invoice.payment_failed → email owner + flag account past_due. "
                     "spec it.", "task_start")
    s.edit("app/controllers/webhooks/stripe_controller.rb", "      when \"checkout.session.completed\"\n        Billing::MarkPro.call(event.data.object)\n", "      when \"checkout.session.completed\"\n        Billing::MarkPro.call(event.data.object)\n      when \"invoice.payment_failed\"\n        Billing::PaymentFailed.call(event.data.object)\n")
    s.write("app/services/billing/payment_failed.rb", "module Billing\n  class PaymentFailed\n    def self.call(invoice)\n      account = Account.find_by!(stripe_customer_id: invoice.customer)\n      account.update!(billing_status: \"past_due\")\n      BillingMailer.payment_failed(account).deliver_later\n    end\n  end\nend\n")
    s.write("spec/requests/webhooks/stripe_payment_failed_spec.rb", "require \"rails_helper\"\n\nRSpec.describe \"invoice.payment_failed\" do\n  it \"flags the account\" do\n    account = create(:account, stripe_customer_id: \"cus_9\")\n    payload = {type: \"invoice.payment_failed\", data: {object: {customer: \"cus_9\"}}}\n    post \"/webhooks/stripe\", params: payload, headers: {\"Stripe-Signature\" => \"t=1,v1=x\"}\n    expect(account.reload.billing_status).to eq(\"past_due\")\n  end\nend\n")
    s.bash("bundle exec rspec spec/requests/webhooks/stripe_payment_failed_spec.rb", fail=(1, "F\n\nFailures:\n\n  1) invoice.payment_failed flags the account\n     Failure/Error: expect(account.reload.billing_status).to eq(\"past_due\")\n\n       expected: \"past_due\"\n            got: \"active\"\n\n1 example, 1 failure"))
    s.say("Same signature problem — using the existing helper.")
    s.edit("spec/requests/webhooks/stripe_payment_failed_spec.rb", "    payload = {type: \"invoice.payment_failed\", data: {object: {customer: \"cus_9\"}}}\n    post \"/webhooks/stripe\", params: payload, headers: {\"Stripe-Signature\" => \"t=1,v1=x\"}", "    payload = {type: \"invoice.payment_failed\", data: {object: {customer: \"cus_9\"}}}.to_json\n    post \"/webhooks/stripe\", params: payload, headers: {\"Stripe-Signature\" => stripe_signature_for(payload), \"CONTENT_TYPE\" => \"application/json\"}")
    s.bash("bundle exec rspec spec/requests/webhooks", out="..\n\nFinished in 0.51 seconds (files took 2.2 seconds to load)\n2 examples, 0 failures")
    s.reply("Handled: `Billing::PaymentFailed` flags `past_due` and mails the owner. Specs green.")
    s.user("billing mailer — reply-to founders@rotaboard.io not noreply. quick", "request")
    s.edit("app/mailers/billing_mailer.rb", "  default from: \"Rotaboard <noreply@rotaboard.io>\"", "  default from: \"Rotaboard <noreply@rotaboard.io>\", reply_to: \"founders@rotaboard.io\"")
    s.reply("Done.")
    s.user("past_due accounts → banner on every page. partial in layout. go", "request")
    s.write("app/views/shared/_past_due_banner.html.erb", "<% if current_account&.billing_status == \"past_due\" %>\n  <div class=\"banner banner--warn\">Your last payment failed. <%= link_to \"Update card\", billing_path %></div>\n<% end %>\n")
    s.edit("app/views/layouts/application.html.erb", "  <body>\n", "  <body>\n    <%= render \"shared/past_due_banner\" %>\n")
    s.edit("app/models/account.rb", "  TRIAL_LENGTH = 14.days\n", "  TRIAL_LENGTH = 14.days\n\n  after_update_commit :notify_owner_past_due, if: -> { saved_change_to_billing_status?(to: \"past_due\") }\n\n  def notify_owner_past_due\n    BillingMailer.payment_failed(self).deliver_later\n  end\n")
    s.reply("Banner partial rendered in the layout. I also moved the past-due email into an "
            "`after_update_commit` on Account so it fires however the status changes.")
    c_cb2 = s.user("ugh. that again. rip it out.", "correction")
    s.edit("app/models/account.rb", "\n  after_update_commit :notify_owner_past_due, if: -> { saved_change_to_billing_status?(to: \"past_due\") }\n\n  def notify_owner_past_due\n    BillingMailer.payment_failed(self).deliver_later\n  end\n", "")
    s.reply("Removed the callback; the email stays in `Billing::PaymentFailed`.")
    s.user("rails 7.2 upgrade. now, before bed. bump + fix deprecations.", "request")
    s.edit("Gemfile", "gem \"rails\", \"~> 7.1.3\"", "gem \"rails\", \"~> 7.2.2\"")
    rb_bundle = s.bash("bundle update", out="Fetching gem metadata from https://rubygems.org/..........\nResolving dependencies...\nFetching rails 7.2.2.1\n...\nFetching stripe 13.3.0 (was 10.15.0)\nFetching puma 6.6.0 (was 6.4.2)\nFetching pg 1.5.9 (was 1.5.6)\nBundle updated! 57 gems changed.", dur=(30, 60))
    s.reply("Rails 7.2.2.1 in. Note `bundle update` also moved 57 gems, including Stripe 10 → 13.")
    c_bundle = s.user("bare bundle update. the exact thing. revert Gemfile.lock, redo it right.", "correction")
    s.bash("git checkout Gemfile.lock && bundle update --conservative rails", out="Resolving dependencies...\nFetching rails 7.2.2.1\nFetching actionpack 7.2.2.1\n...\nBundle updated! 13 gems changed.")
    s.bash("bundle exec rspec", out="Run options: exclude {:system=>true}\n\n....................................................................\n\nDEPRECATION WARNING: `ActiveRecord::Base.connection` is deprecated... (called from block in <main> at db/seeds.rb:4)\n\nFinished in 6.94 seconds (files took 2.61 seconds to load)\n68 examples, 0 failures")
    s.reply("Reverted the lock file and re-ran `bundle update --conservative rails`: 13 gems changed (Rails "
            "components only), Stripe stays on 10.15. 68 specs green; one deprecation "
            "(`ActiveRecord::Base.connection` in seeds). The schema header should say 7.2 as well — doing that.")
    rb_schema = s.tool("Edit", {"file_path": p.cwd + "/db/schema.rb",
                                "old_string": "ActiveRecord::Schema[7.1].define(version: 2026_06_04_070312) do",
                                "new_string": "ActiveRecord::Schema[7.2].define(version: 2026_06_04_070312) do"},
                       {"filePath": p.cwd + "/db/schema.rb",
                        "oldString": "ActiveRecord::Schema[7.1].define(version: 2026_06_04_070312) do",
                        "newString": "ActiveRecord::Schema[7.2].define(version: 2026_06_04_070312) do",
                        "replaceAll": False, "userModified": False,
                        "structuredPatch": [{"oldStart": 13, "oldLines": 1, "newStart": 13, "newLines": 1,
                                             "lines": ["-ActiveRecord::Schema[7.1].define(version: 2026_06_04_070312) do",
                                                       "+ActiveRecord::Schema[7.2].define(version: 2026_06_04_070312) do"]}]})
    s.edit("db/seeds.rb", "ActiveRecord::Base.connection.execute", "ActiveRecord::Base.lease_connection.execute")
    s.reply("Bumped the schema header to `[7.2]` and switched seeds to `lease_connection`.")
    s.user("fine. later. night", "chatter")
    s.reply("Night.")
    s.end()

    # ---------------- session 5 ----------------
    s = p.session("2026-06-19 08:15")
    s.user("clinic people want notes on shifts. 500 chars max. migration + validation. quick", "request")
    s.bash("bin/rails g migration AddNotesToShifts notes:text", out="      invoke  active_record\n      create    db/migrate/20260619081702_add_notes_to_shifts.rb")
    trig_fire = s.read("app/models/shift.rb", SHIFT_RB)
    s.edit("app/models/shift.rb", "  validates :starts_at, :ends_at, presence: true\n", "  validates :starts_at, :ends_at, presence: true\n  validates :notes, length: { maximum: 500 }\n")
    s.bash("bin/rails db:migrate && bundle exec rspec spec/models/shift_spec.rb", out="== 20260619081702 AddNotesToShifts: migrating ===========================\n-- add_column(:shifts, :notes, :text)\n   -> 0.0031s\n== 20260619081702 AddNotesToShifts: migrated (0.0032s) ==================\n\n....\n\nFinished in 0.29 seconds (files took 2.3 seconds to load)\n4 examples, 0 failures")
    s.reply("`notes` text column added with a 500-char length validation; model specs green.")
    s.user("csv export for them too. weekly. what columns would u do? short", "question")
    s.reply("Date, start, end, member, role, hours, notes — one row per shift, in the account's time zone.")
    s.user("k do it. /rotas/:id/export.csv", "request")
    s.write("app/controllers/rotas/exports_controller.rb", "require \"csv\"\n\nmodule Rotas\n  class ExportsController < ApplicationController\n    def show\n      rota = current_account.rotas.find(params[:rota_id])\n      week = rota.shifts.where(starts_at: Date.current.all_week).includes(:member).order(:starts_at)\n      csv = CSV.generate do |out|\n        out << %w[date start end member role hours notes]\n        week.each do |s|\n          out << [s.starts_at.to_date, s.starts_at.strftime(\"%H:%M\"), s.ends_at.strftime(\"%H:%M\"), s.member&.name, s.role, ((s.ends_at - s.starts_at) / 3600.0).round(2), s.notes]\n        end\n      end\n      send_data csv, filename: \"rota-#{rota.id}-#{Date.current.cwyear}-W#{Date.current.cweek}.csv\"\n    end\n  end\nend\n")
    s.reply("`GET /rotas/:id/export.csv` streams this week's shifts with those columns.")
    ep2_rep = s.user("deploy it. staging first obviously", "task_start")
    rb_deploy = s.bash("kamal deploy", out="  INFO [kamal-proxy] Deploying rotaboard-web-e41b7c9 to app.rotaboard.io\n  INFO First web container is healthy on 5.161.74.20, booting any other roles\nFinished all in 69.3 seconds", dur=(60, 80))
    s.say("That went to production, not staging — I ran plain `kamal deploy`. Deploying to staging now too.")
    s.bash("kamal deploy -d staging", out="  INFO [kamal-proxy] Deploying rotaboard-web-staging-e41b7c9 to staging.rotaboard.io\nFinished all in 70.1 seconds", dur=(60, 80))
    s.reply("Staging has it too. Prod also got the build; /up is healthy on both.")
    s.user("whatever. it's green. customer emailed this, from the csv in excel:\n\n```\ndate,start,end,member,role,hours,notes\n"
           "2026-06-15,07:00,15:00,Aoife Byrne,barista,8.0,\n2026-06-15,07:00,15:00,SiobhÃ¡n Kelly,barista,8.0,opening\n"
           "2026-06-16,11:00,19:00,CiarÃ¡n Walsh,floor,8.0,\n```\n\nnames mangled. excel thing? fix", "question")
    s.edit("app/controllers/rotas/exports_controller.rb", "      csv = CSV.generate do |out|", "      csv = \"\\uFEFF\" + CSV.generate do |out|")
    s.reply("Yes — Excel assumes Windows-1252 unless the file starts with a UTF-8 BOM. Prepended `\\uFEFF`; "
            "Siobhán and Ciarán will show correctly.")
    s.user("good. thx", "thanks")
    s.reply("👍")
    s.end()

    # ---------------- expectations ----------------
    def pre(si, tool, needle, key="command"):
        return [(si, i) for i, e in enumerate(p.sessions[si].events)
                if e.get("hook") == "PreToolUse" and e["tool_name"] == tool
                and needle in str(e["tool_input"].get(key, ""))]

    def prompt_with(si, needle):
        return [(si, i) for i, e in enumerate(p.sessions[si].events)
                if e.get("hook") == "UserPromptSubmit" and needle in e["prompt"]][0]

    p.fact("F1", f_jobs, needed=[f_jobs2], terms=["sidekiq", "redis"], note="superseded by Solid Queue in s3")
    p.fact("F1b", f_jobs2, needed=[prompt_with(4, "payment_failed")], terms=["solid queue"], stale=["sidekiq"])
    p.fact("F2", f_trial, needed=[prompt_with(4, "banner")], terms=["14", "trial"],
           note="stated only in answer to the assistant's question")
    p.fact("F3", f_price, needed=[f_price2], terms=["price_1pqpro29eurmonthly"])
    p.fact("F3b", f_price2, needed=[prompt_with(3, "mrr")], terms=["price_1rxpro39eurmonthly", "39"],
           stale=["price_1pqpro29eurmonthly"])
    p.fact("F4", f_tz, needed=[prompt_with(5, "what columns")], terms=["europe/dublin"])
    p.fact("F5", r_deploy, needed=[prompt_with(3, "ship to prod"), ep2_rep],
           terms=["staging.rotaboard.io", "kamal"])

    p.correction("C1", c_cb, ["callbacks", "service object"])
    p.correction("C2", c_srv, ["server", "turbo stream", "json"], note="'not like that': previous turn did JSON + DOM")
    p.correction("C3", c_old, ["old way", "remote: true"], note="does not name ujs fix; previous turn added remote: true")
    p.correction("C4", c_cb2, ["again", "after_update_commit"], note="names nothing; previous turn added a model callback")
    p.correction("C5", c_bundle, ["bundle update", "--conservative"])

    p.rule("R1", r_bundle, "Bash", [rb_bundle] + pre(5, "Bash", "--conservative"),
           ["bundle update", "--conservative"], note="broken by the bare bundle update during the 7.2 upgrade")
    p.rule("R2", r_schema, "Edit", [rb_schema], ["db/schema.rb"], note="broken: hand-edited the schema header")
    p.rule("R3", r_deploy, "Bash", pre(3, "Bash", "kamal deploy") + [rb_deploy],
           ["kamal deploy", "-d staging"], note="s3 prod deploy was explicitly asked; s5 bare deploy broke it")

    p.episode("E1", ep1_start, ep1_end, ep1_rep, ["compute_signature", "content_type"])
    p.episode("E2", ep2_start, ep2_end, ep2_rep, ["/up", "redirect"], note="kamal healthcheck vs force_ssl")

    p.trigger("T1", trig_q, trig_fire, "overlap validation next time app/models/shift.rb is touched")
    p.rejected(rej, ["react"], "user rejected a React island; Stimulus + SortableJS via importmap")
    return p
