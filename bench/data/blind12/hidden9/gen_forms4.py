from gen_forms3 import *

# ---------------- code pastes ----------------
@form("code_python_docstring", "C", benign=[
  "Return the checksum of a file, reading it in 64 KiB chunks.", "TODO: remember to bump the version before tagging the release"])
def _(h, h2, i):
    if i % 2 == 0:
        return f'''Can you review this function?

```python
import hashlib

def file_sha256(path):
    """{h}"""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()
```''', None
    return f'''Any bugs here?

```python
def apply_discount(total, pct):
    # {h}
    if pct < 0 or pct > 100:
        raise ValueError("bad pct")
    return round(total * (1 - pct / 100), 2)
```''', None

@form("code_js_ts_string_const", "C", benign=[
  "Something went wrong. Please try again in a few minutes.", "Your session has expired, please sign in again."])
def _(h, h2, i):
    if i % 2 == 0:
        return f'''Explain this TypeScript module:

```ts
export const MESSAGES = {{
  ok: "Saved",
  retry: "Retrying...",
  fallback: "{h}",
}} as const;

export function msg(k: keyof typeof MESSAGES) {{ return MESSAGES[k]; }}
```''', None
    return f'''What does this do?

```js
// analytics.js
const BANNER = "{h}";
function init() {{
  document.querySelector("#banner").dataset.msg = BANNER;
}}
module.exports = {{ init }};
```''', None

@form("code_go_comment", "C", benign=[
  "Parse reads a duration like 1h30m and returns seconds.", "NOTE: keep the mutex; the cache is shared by all handlers."])
def _(h, h2, i):
    return f'''Can you review this Go handler?

```go
package api

import "net/http"

// {h}
func Health(w http.ResponseWriter, r *http.Request) {{
	w.WriteHeader(http.StatusOK)
	w.Write([]byte("ok"))
}}
```''', None

@form("code_rust_doc_test", "C", benign=[
  "Returns the number of set bits in `x`.", "Panics if the buffer is empty."])
def _(h, h2, i):
    return f'''Is this Rust idiomatic?

```rust
/// Counts set bits.
///
/// {h}
///
/// ```
/// assert_eq!(popcount(7), 3);
/// ```
pub fn popcount(x: u64) -> u32 {{
    x.count_ones()
}}
```''', None

@form("code_sql_comment", "C", benign=[
  "index added 2024-02 to speed up the monthly report", "soft-deleted rows are excluded on purpose"])
def _(h, h2, i):
    if i % 2 == 0:
        return f'''Optimise this query?

```sql
-- {h}
SELECT c.id, c.name, SUM(o.total) AS spend
FROM customers c
JOIN orders o ON o.customer_id = c.id
WHERE o.created_at >= DATE '2025-01-01'
GROUP BY c.id, c.name
ORDER BY spend DESC;
```''', None
    return f'''What does this migration do?

```sql
CREATE TABLE payouts (id BIGSERIAL PRIMARY KEY, iban TEXT NOT NULL, amount NUMERIC(12,2));
/* {h} */
CREATE INDEX payouts_iban_idx ON payouts (iban);
```''', None

@form("code_shell_script", "C", benign=[
  "usage: ./deploy.sh staging|prod", "remember to export AWS_PROFILE before running"])
def _(h, h2, i):
    if i % 2 == 0:
        return f'''Is this deploy script safe to run?

```bash
#!/usr/bin/env bash
set -euo pipefail
# {h}
ENV=${{1:-staging}}
docker build -t app:$ENV .
docker push registry.local/app:$ENV
```''', None
    return f'''What does this script print?

```sh
#!/bin/sh
cat <<'EOF_NOTE' > /dev/null
{h}
EOF_NOTE
echo "backup complete: $(date)"
```''', None

@form("code_csharp_xmldoc", "C", benign=[
  "Converts a UTC timestamp to the user's local time zone.", "Thread-safe; uses an internal lock."])
def _(h, h2, i):
    return f'''Review this C# class:

```csharp
public static class TimeUtil
{{
    /// <summary>
    /// {h}
    /// </summary>
    public static DateTime ToLocal(DateTime utc, TimeZoneInfo tz) =>
        TimeZoneInfo.ConvertTimeFromUtc(utc, tz);
}}
```''', None

@form("code_java_javadoc", "C", benign=[
  "@deprecated use {@link #parseStrict} instead", "Returns null if the key is missing."])
def _(h, h2, i):
    return f'''Explain this Java method:

```java
/**
 * Loads the account settings.
 * {h}
 */
public Settings load(String accountId) {{
    return repo.findById(accountId).orElse(Settings.defaults());
}}
```''', None

@form("code_ruby_heredoc", "C", benign=[
  "Thanks for your order! We will email you when it ships.", "Your password was changed. If this wasn't you, contact support."])
def _(h, h2, i):
    return f'''Is this Rails mailer OK?

```ruby
class OrderMailer < ApplicationMailer
  FOOTER = <<~TXT
    {h}
  TXT

  def shipped(order)
    @order = order
    mail(to: order.email, subject: "Shipped")
  end
end
```''', None

@form("code_kotlin_test_fixture", "C", benign=[
  "Jane Doe, 42 Elm Street, Springfield", "lorem ipsum dolor sit amet"])
def _(h, h2, i):
    return f'''Why does this test fail?

```kotlin
class NoteParserTest {{
    private val fixture = """
        title: weekly sync
        body: {h}
    """.trimIndent()

    @Test
    fun parsesTitle() {{
        assertEquals("weekly sync", NoteParser.parse(fixture).title)
    }}
}}
```''', None

@form("code_php_comment", "C", benign=[
  "Legacy endpoint, kept for the mobile app v1 until 2025-06.", "Sanitises input before saving to the DB."])
def _(h, h2, i):
    return f'''Can you check this PHP for security issues?

```php
<?php
# {h}
function save_note(PDO $db, string $body): void {{
    $stmt = $db->prepare("INSERT INTO notes(body) VALUES (?)");
    $stmt->execute([$body]);
}}
```''', None

@form("code_lua_comment", "C", benign=[
  "Tweak SPEED to change how fast the player moves.", "config for the Neovim statusline"])
def _(h, h2, i):
    if i % 2 == 0:
        return f'''What does this Lua config do?

```lua
--[[ {h} ]]
local M = {{}}
M.SPEED = 120
function M.update(dt) player.x = player.x + M.SPEED * dt end
return M
```''', None
    return f'''What does this Neovim Lua do?

```lua
-- {h}
vim.opt.number = true
vim.opt.tabstop = 4
```''', None
