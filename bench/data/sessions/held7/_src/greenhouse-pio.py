"""greenhouse-pio: PlatformIO/Arduino ESP32 greenhouse controller, retired engineer hobbyist."""
from builder import Project

INI_V1 = """[platformio]
default_envs = esp32dev

[env]
framework = arduino
monitor_speed = 115200
lib_deps =
    bblanchon/ArduinoJson @ 7.1.0
    knolleary/PubSubClient @ 2.8
    adafruit/Adafruit SHT31 Library @ 2.2.2

[env:esp32dev]
platform = espressif32 @ 6.6.0
board = esp32dev

[env:native]
platform = native
test_framework = unity
build_src_filter = +<logic/>"""

VENT_CPP = """#include "vent.h"
#include <Arduino.h>

static bool ventOpen = false;

void ventUpdate(float tempC) {
  if (!ventOpen && tempC >= VENT_OPEN_C) {
    digitalWrite(VENT_PIN, LOW);   // relay board is active-low
    ventOpen = true;
  } else if (ventOpen && tempC <= VENT_CLOSE_C) {
    digitalWrite(VENT_PIN, HIGH);
    ventOpen = false;
  }
}"""


def build():
    p = Project("greenhouse-pio", "/home/derek/projects/greenhouse",
                voice="retired electrical engineer hobbyist: long, courteous, old-fashioned, "
                      "anecdotes from his working life (Ferranti, control panels)",
                stack="PlatformIO, Arduino framework on ESP32 (esp32dev -> ESP32-S3), SHT31 over I2C, "
                      "relay board, PubSubClient MQTT to Mosquitto on a Raspberry Pi, Unity native tests, ArduinoOTA",
                seed=7101)

    # ---------------- session 0 ----------------
    s = p.session("2026-03-04 09:12")
    f_board = s.user("Good morning. I have a small greenhouse at the bottom of the garden and, now that I am "
                     "retired, a great deal of time to fiddle with it. The controller is an ESP32 — the plain "
                     "esp32dev board, a DOIT DevKit v1 I bought years ago — running the Arduino framework under "
                     "PlatformIO. Would you have a look round the project and tell me what you make of it? "
                     "I wrote most of it myself, so be gentle.", "fact")
    s.say("I'll start with the PlatformIO config and the source layout.")
    s.read("platformio.ini", INI_V1)
    s.glob("src/**/*", ["src/main.cpp", "src/vent.cpp", "src/vent.h", "src/sensors.cpp", "src/sensors.h",
                        "src/mqtt_client.cpp", "src/mqtt_client.h", "src/logic/hysteresis.cpp",
                        "src/logic/hysteresis.h"])
    s.reply("It's tidy. Two environments: `esp32dev` for the board and `native` running the Unity tests over "
            "`src/logic/` only, which is a good split — the hysteresis logic can be tested without hardware. "
            "Library versions are pinned in `lib_deps`. `main.cpp` calls `sensors`, `vent` and `mqtt_client` "
            "from `loop()`. Anything specific you'd like me to look at first?")
    f_vent = s.user("Splendid. The main thing: the vent should open at 28 degrees and close again at 24 — I "
                    "spent forty years designing control panels and I know what happens without hysteresis, "
                    "the actuator chatters itself to death. At present the thresholds are scattered about as "
                    "magic numbers. Could you pull them into config.h?", "fact")
    s.grep("2[48]\\.0", ["src/vent.cpp", "src/main.cpp"], content="src/vent.cpp:7:  if (!ventOpen && tempC >= 28.0) {\nsrc/vent.cpp:10:  } else if (ventOpen && tempC <= 24.0) {\nsrc/main.cpp:41:  if (t > 28.0) Serial.println(\"warm\");")
    s.write("src/config.h", "#pragma once\n\n// Vent hysteresis (degrees C)\n#define VENT_OPEN_C  28.0f\n#define VENT_CLOSE_C 24.0f\n")
    s.edit("src/vent.cpp", "  if (!ventOpen && tempC >= 28.0) {", "  if (!ventOpen && tempC >= VENT_OPEN_C) {")
    s.edit("src/vent.cpp", "  } else if (ventOpen && tempC <= 24.0) {", "  } else if (ventOpen && tempC <= VENT_CLOSE_C) {")
    q_pin = s.reply("Done: `src/config.h` now holds `VENT_OPEN_C 28.0f` and `VENT_CLOSE_C 24.0f`, and "
                    "`vent.cpp` uses them. While I'm there — `VENT_PIN` is defined in two places with different "
                    "values (25 in `vent.h`, 26 in `main.cpp`). Which GPIO is the vent relay really on?")
    f_pin = s.user("Ah, that explains a great deal. It's GPIO 26. Twenty-five was the old board before I "
                   "soldered the new header. Put it in config.h with the others, would you.", "fact")
    s.edit("src/vent.h", "#define VENT_PIN 25\n", "#include \"config.h\"\n")
    s.edit("src/config.h", "#define VENT_CLOSE_C 24.0f\n", "#define VENT_CLOSE_C 24.0f\n\n// Relay board (active-low)\n#define VENT_PIN 26\n")
    s.edit("src/main.cpp", "#define VENT_PIN 26\n", "")
    s.reply("`VENT_PIN 26` now lives in `config.h` only; `vent.h` includes it and the duplicate in `main.cpp` "
            "is gone.")
    r_delay = s.user("One more thing while you're in there, and please take this as a standing rule: no "
                     "delay() in the loop. Ever. It blocks the MQTT keepalive and the broker drops us. Use "
                     "millis() and a timestamp, the way God intended.", "preference")
    s.grep("delay\\(", ["src/main.cpp"], content="src/main.cpp:58:  delay(5000);")
    s.edit("src/main.cpp", "  readSensors();\n  ventUpdate(lastTemp);\n  delay(5000);",
           "  static uint32_t lastRead = 0;\n  if (millis() - lastRead >= 5000) {\n    lastRead = millis();\n    readSensors();\n    ventUpdate(lastTemp);\n  }")
    s.reply("Replaced the `delay(5000)` with a `millis()` timestamp check, so `loop()` now returns straight "
            "away and `mqtt.loop()` gets called every pass.")
    s.user("How long before millis() wraps round, out of interest? I seem to remember it's a few weeks.", "question")
    s.reply("About 49.7 days (2^32 ms). The `millis() - lastRead >= 5000` form is wrap-safe because unsigned "
            "subtraction still gives the right interval across the rollover — so nothing to do.")
    s.user("Very good. Thank you, that's a good morning's work.", "thanks")
    s.reply("You're welcome.")
    s.end()

    # ---------------- session 1 ----------------
    s = p.session("2026-03-10 14:30")
    ep1_start = s.user("Afternoon. I've bought a second SHT31 for the far end of the greenhouse, where the "
                       "tomatoes sulk. Wired it onto the same I2C bus as the first. Could you add it to "
                       "sensors.cpp? Both on SDA 21, SCL 22.", "task_start")
    s.read("src/sensors.cpp", "#include \"sensors.h\"\n#include <Wire.h>\n#include <Adafruit_SHT31.h>\n\nstatic Adafruit_SHT31 shtNear;\n\nvoid sensorsBegin() {\n  Wire.begin(21, 22);\n  shtNear.begin(0x44);\n}\n\nfloat readNearC() { return shtNear.readTemperature(); }")
    s.edit("src/sensors.cpp", "static Adafruit_SHT31 shtNear;\n", "static Adafruit_SHT31 shtNear;\nstatic Adafruit_SHT31 shtFar;\n")
    s.edit("src/sensors.cpp", "  shtNear.begin(0x44);\n", "  shtNear.begin(0x44);\n  shtFar.begin(0x44);\n")
    s.bash("pio run -e esp32dev", out="Processing esp32dev (platform: espressif32 @ 6.6.0; board: esp32dev; framework: arduino)\n...\nRAM:   [=         ]  13.9% (used 45512 bytes from 327680 bytes)\nFlash: [======    ]  62.1% (used 814097 bytes from 1310720 bytes)\n========================= [SUCCESS] Took 21.84 seconds =========================", dur=(20, 30))
    s.reply("Added `shtFar` alongside `shtNear` and it builds. Flash it and let me know what the serial "
            "monitor says.")
    s.user("Flashed. Here's the monitor, and I'm not pleased:\n\n```\n--- Terminal on /dev/ttyUSB0 | 115200 8-N-1\n"
           "[  5012] near=21.43C far=21.43C\n[ 10013] near=21.47C far=21.47C\n[ 15013] near=21.44C far=21.44C\n"
           "[ 20014] near=nanC far=21.46C\n[ 25015] near=21.45C far=21.45C\n```\n\nThe two readings are "
           "identical, which they plainly can't be — the far end is a good two degrees warmer in the "
           "afternoon. And what's that nan?", "question")
    s.say("Both objects are talking to the same chip. Let me check what's actually on the bus.")
    s.bash("pio test -e esp32dev -f test_i2c_scan --without-uploading", fail=(1, "Verbose mode can be enabled via `-v, --verbose` option\nCollected 1 tests\nError: Nothing to build. Please put your test suites to the 'test' folder"), dur=(3, 6))
    s.write("src/i2c_scan.h", "#pragma once\n#include <Wire.h>\n\ninline void i2cScan() {\n  for (uint8_t a = 1; a < 127; a++) {\n    Wire.beginTransmission(a);\n    if (Wire.endTransmission() == 0) Serial.printf(\"i2c: 0x%02X\\n\", a);\n  }\n}\n")
    s.reply("There's no scan test in the project, so I've added a tiny `i2cScan()` helper in "
            "`src/i2c_scan.h`. Could you call it once from `setup()` and tell me which addresses it prints? "
            "I suspect both sensors answer at 0x44, because the SHT31 only has two addresses and the second "
            "needs its ADDR pin pulled high.")
    f_addr = s.user("It prints only 0x44. You're right — I left the ADDR pin on the far one floating, which is "
           "exactly the sort of thing I used to tear strips off apprentices for. I've tied it to 3V3 now "
           "and the scan shows 0x44 and 0x45.", "fact")
    s.edit("src/sensors.cpp", "  shtFar.begin(0x44);\n", "  shtFar.begin(0x45);   // ADDR pin tied to 3V3\n")
    ep1_end = s.reply("Changed `shtFar.begin(0x45)` (ADDR tied to 3V3). Lesson for the bus: each SHT31 needs its "
                      "own address — 0x44 with ADDR low, 0x45 with ADDR high — and there are only those two, so a "
                      "third sensor would need a TCA9548A multiplexer. The nan was a bus collision from two chips "
                      "answering at once; it should go away.")
    c_str = s.user("Right. Now, I notice you built the serial line with String and + in readSensors. Please "
                   "don't use String. After a week of uptime the heap fragments and the thing falls over at "
                   "3am. char buffer and snprintf, please.", "correction")
    s.edit("src/sensors.cpp", "  String line = \"near=\" + String(n, 2) + \"C far=\" + String(f, 2) + \"C\";\n  Serial.println(line);",
           "  char line[48];\n  snprintf(line, sizeof line, \"near=%.2fC far=%.2fC\", n, f);\n  Serial.println(line);")
    s.reply("Switched to a fixed `char line[48]` with `snprintf` — no heap allocation.")
    f_mqtt = s.user("Good. Next: publish both readings over MQTT. The broker is Mosquitto on the Raspberry Pi "
                    "in the study, 192.168.1.40, port 1883, no TLS — it's my own network. Topic "
                    "gh/bench1/temp/near and .../far.", "fact")
    s.read("src/mqtt_client.cpp", "#include \"mqtt_client.h\"\n#include <WiFi.h>\n#include <PubSubClient.h>\n\nstatic WiFiClient net;\nstatic PubSubClient mqtt(net);\n\nvoid mqttBegin() {\n  mqtt.setServer(MQTT_HOST, 1883);\n}\n")
    s.edit("src/config.h", "// Relay board (active-low)\n", "// MQTT\n#define MQTT_HOST \"192.168.1.40\"\n#define MQTT_PORT 1883\n\n// Relay board (active-low)\n")
    s.edit("src/mqtt_client.cpp", "  mqtt.setServer(MQTT_HOST, 1883);", "  mqtt.setServer(MQTT_HOST, MQTT_PORT);")
    s.write("src/publish.cpp", "#include \"mqtt_client.h\"\n#include <stdio.h>\n\nvoid publishTemps(float n, float f) {\n  char buf[16];\n  snprintf(buf, sizeof buf, \"%.2f\", n);\n  mqttPublish(\"gh/bench1/temp/near\", buf);\n  snprintf(buf, sizeof buf, \"%.2f\", f);\n  mqttPublish(\"gh/bench1/temp/far\", buf);\n}\n")
    s.reply("Publishing to `gh/bench1/temp/near` and `gh/bench1/temp/far` on `192.168.1.40:1883` (host and "
            "port in `config.h`).")
    s.user("I've had mosquitto_sub running on the Pi for ten minutes. Here is what it shows:\n\n```\n"
           "$ mosquitto_sub -h localhost -t 'gh/#' -v\ngh/bench1/temp/near 21.62\ngh/bench1/temp/far 23.48\n"
           "gh/bench1/temp/near 21.65\ngh/bench1/temp/far 23.51\n1773158712: Client greenhouse has exceeded timeout, disconnecting.\n"
           "1773158715: New connection from 192.168.1.77:61042 on port 1883.\n1773158715: New client connected from "
           "192.168.1.77:61042 as greenhouse (p2, c1, k15).\ngh/bench1/temp/near 21.70\n```\n\nThe numbers look "
           "right, but what's this 'exceeded timeout' business, and is k15 the keepalive? It only happened the once.",
           "question")
    s.reply("Yes — `k15` is PubSubClient's default 15 s keepalive. \"Exceeded timeout\" means the broker heard "
            "nothing for 1.5× that (22 s), so something blocked `loop()` for a while — probably a slow Wi-Fi "
            "reconnect. Once is harmless; if it recurs, `mqtt.setKeepAlive(60)` gives more headroom.")
    s.end()

    # ---------------- session 2 ----------------
    s = p.session("2026-03-17 10:05")
    r_ota = s.user("Morning. A rule for you, because I'm getting on and the greenhouse is a long cold walk "
                   "with a laptop: from now on we upload over the air, not USB. That's "
                   "`pio run -e ota -t upload`. Please add an ota environment to platformio.ini — host "
                   "greenhouse.local.", "preference")
    s.edit("platformio.ini", "[env:native]", "[env:ota]\nextends = env:esp32dev\nupload_protocol = espota\nupload_port = greenhouse.local\n\n[env:native]")
    s.reply("Added `[env:ota]`, extending `esp32dev` with `upload_protocol = espota` and "
            "`upload_port = greenhouse.local`. The sketch already calls `ArduinoOTA.begin()`, so it should answer.")
    ep2_start = s.user("Now try it. The current build has the millis change in.", "task_start")
    s.bash("pio run -e ota -t upload", fail=(1, "Configuring upload protocol...\nAVAILABLE: cmsis-dap, esp-bridge, esp-prog, espota, esptool, iot-bus-jtag, jlink, minimodule, olimex-arm-usb-ocd, olimex-arm-usb-ocd-h, olimex-arm-usb-tiny-h, olimex-jtag-tiny, tumpa\nCURRENT: upload_protocol = espota\nUploading .pio/build/ota/firmware.bin\n11:02:44 [DEBUG]: Options: {'esp_ip': 'greenhouse.local', 'host_ip': '0.0.0.0', 'esp_port': 3232, 'host_port': 57931, 'auth': '', 'image': '.pio/build/ota/firmware.bin', 'spiffs': False, 'debug': True, 'progress': True, 'timeout': 10}\n11:02:44 [INFO]: Starting on 0.0.0.0:57931\n11:02:44 [INFO]: Upload size: 815184\nSending invitation to greenhouse.local \n11:02:54 [ERROR]: No response from the ESP\n*** [upload] Error 1"), dur=(14, 20))
    s.say("The board never called back. espota picks a random host port, and the ESP has to connect back "
          "to it — a firewall on this machine would block that.")
    s.bash("sudo ufw status | head -8", out="Status: active\n\nTo                         Action      From\n--                         ------      ----\n22/tcp                     ALLOW       192.168.1.0/24\n1883                       ALLOW       192.168.1.0/24")
    s.edit("platformio.ini", "upload_port = greenhouse.local\n", "upload_port = greenhouse.local\nupload_flags =\n    --host_port=40000\n")
    s.bash("sudo ufw allow from 192.168.1.0/24 to any port 40000 proto tcp", out="Rule added")
    s.bash("pio run -e ota -t upload", out="Uploading .pio/build/ota/firmware.bin\n11:05:12 [INFO]: Starting on 0.0.0.0:40000\n11:05:12 [INFO]: Upload size: 815184\nSending invitation to greenhouse.local \n11:05:12 [INFO]: Waiting for device...\nUploading: [============================================================] 100% Done...\n11:05:21 [INFO]: Waiting for result...\n11:05:22 [INFO]: Result: OK\n11:05:22 [INFO]: Success\n========================= [SUCCESS] Took 19.72 seconds =========================", dur=(18, 24))
    ep2_end = s.reply("OTA works now. The fix: pin espota's callback port with `upload_flags = --host_port=40000` "
                      "in `[env:ota]` and open TCP 40000 from 192.168.1.0/24 in ufw. Without a fixed port the "
                      "firewall swallows the ESP's call-back and you get \"No response from the ESP\".")
    s.user("Excellent. I'd never have guessed the firewall. Back at Ferranti we'd have blamed the cable. Forty years, and it was usually the cable.", "chatter")
    s.reply("The cable is always a reasonable first suspect.")
    rej_q = s.user("While we're on the subject of making life easier — is there anything you'd change about "
                   "the overall approach?", "question")
    rej = s.reply("One option worth considering: ESPHome. You'd describe the SHT31s, the relay and the "
                  "hysteresis in YAML, get OTA and Home Assistant integration for free, and drop most of the "
                  "hand-written MQTT code. It would be a rewrite, but a short one.")
    s.user("No, thank you. I don't want YAML doing my thinking for me, and half the pleasure is writing the "
           "C++ myself. We stay on PlatformIO and Arduino.", "preference")
    s.reply("Understood — staying on PlatformIO/Arduino.")
    s.user("Now the vent. When I test it by warming the sensor in my hand, the relay clicks the wrong way. "
           "Have a look at vent.cpp.", "request")
    s.read("src/vent.cpp", VENT_CPP.replace("LOW);   // relay board is active-low", "LOW);").replace("digitalWrite(VENT_PIN, HIGH);", "digitalWrite(VENT_PIN, HIGH);"))
    s.edit("src/vent.cpp", "    digitalWrite(VENT_PIN, LOW);\n    ventOpen = true;", "    digitalWrite(VENT_PIN, HIGH);  // energise relay to open\n    ventOpen = true;")
    s.edit("src/vent.cpp", "    digitalWrite(VENT_PIN, HIGH);\n    ventOpen = false;", "    digitalWrite(VENT_PIN, LOW);\n    ventOpen = false;")
    s.reply("Swapped them: `digitalWrite(VENT_PIN, HIGH)` now energises the relay to open the vent, LOW closes it.")
    c_way = s.user("No, no. Not that way round. It was the wiring I was asking you to suspect, not the code. "
                   "I wrote 'active-low' in config.h for a reason.", "correction")
    s.edit("src/vent.cpp", "    digitalWrite(VENT_PIN, HIGH);  // energise relay to open\n    ventOpen = true;", "    digitalWrite(VENT_PIN, LOW);   // relay board is active-low: LOW = energised\n    ventOpen = true;")
    s.edit("src/vent.cpp", "    digitalWrite(VENT_PIN, LOW);\n    ventOpen = false;", "    digitalWrite(VENT_PIN, HIGH);\n    ventOpen = false;")
    s.reply("Reverted — LOW energises the active-low relay board, HIGH releases it. If it still clicks the "
            "wrong way, check whether the vent motor is on the NO or NC contact of the relay.")
    s.user("It was on NC. Moved the wire. All's well. Thank you.", "thanks")
    s.reply("Good to hear.")
    s.end()

    # ---------------- session 3 ----------------
    s = p.session("2026-03-26 16:40")
    r_lib = s.user("Good afternoon. Before you start: please leave lib/ alone. The copies in lib/ — the "
                   "SHT31 driver especially — are ones I've patched myself for the clock-stretching quirk, "
                   "and I don't want them edited or 'tidied'. If something in there needs changing, tell me "
                   "and I'll do it.", "preference")
    s.reply("Noted — I won't edit anything under `lib/`.")
    trig_q = s.user("Also, remind me when ArduinoJson 7.2 is released. The 7.1 line has that silly warning "
                    "about deprecated containsKey and I'm told 7.2 sorts it.", "trigger")
    s.reply("I can't set a timer myself, but I'll note it: upgrade ArduinoJson once 7.2 is out.")
    heat_q = s.user("Now, the heater. I've put a 300 W tube heater on relay 2, GPIO 27, for frost nights. It should "
           "come on below 4 degrees and off at 7. Same pattern as the vent, please.", "request")
    s.edit("src/config.h", "#define VENT_PIN 26\n", "#define VENT_PIN 26\n#define HEATER_PIN 27\n#define HEAT_ON_C  4.0f\n#define HEAT_OFF_C 7.0f\n")
    s.write("src/heater.cpp", "#include \"config.h\"\n#include <Arduino.h>\n\nstatic bool heaterOn = false;\n\nvoid heaterUpdate(float tempC) {\n  if (!heaterOn && tempC <= HEAT_ON_C) {\n    digitalWrite(HEATER_PIN, LOW);\n    heaterOn = true;\n  } else if (heaterOn && tempC >= HEAT_OFF_C) {\n    digitalWrite(HEATER_PIN, HIGH);\n    heaterOn = false;\n  }\n}\n")
    s.edit("src/main.cpp", "  pinMode(VENT_PIN, OUTPUT);\n", "  pinMode(VENT_PIN, OUTPUT);\n  pinMode(HEATER_PIN, OUTPUT);\n  digitalWrite(HEATER_PIN, HIGH);  // off\n  delay(200);  // let the relay board settle\n")
    s.reply("Added `heater.cpp` with the same hysteresis (on at 4.0 °C, off at 7.0 °C), pin 27 active-low, "
            "initialised to off in `setup()` with a short settle.")
    c_again = s.user("Oh dear. You've done it again, and on the very day I'd written it on a sticky note.", "correction")
    s.edit("src/main.cpp", "  digitalWrite(HEATER_PIN, HIGH);  // off\n  delay(200);  // let the relay board settle\n", "  digitalWrite(HEATER_PIN, HIGH);  // off\n")
    s.reply("Sorry — removed the `delay(200)`. It was in `setup()`, but the rule is no `delay()` at all, and "
            "the relay board doesn't need it.")
    s.user("Long one, I'm afraid. It reset itself last night. Here's what came out of the serial port when "
           "I plugged the laptop in this morning:\n\n```\nGuru Meditation Error: Core  1 panic'ed (LoadProhibited). "
           "Exception was unhandled.\n\nCore  1 register dump:\nPC      : 0x400d3a1c  PS      : 0x00060d30  A0      : 0x800d2f6e  A1      : 0x3ffb1f50\n"
           "EXCVADDR: 0x00000010  LBEG    : 0x4000c2e0  LEND    : 0x4000c2f6  LCOUNT  : 0xffffffff\n\n"
           "Backtrace: 0x400d3a19:0x3ffb1f50 0x400d2f6b:0x3ffb1f70 0x400d8a55:0x3ffb1f90\n\nELF file SHA256: 2b9d1c3e7a0f\n\n"
           "Rebooting...\nets Jun  8 2016 00:22:57\nrst:0xc (SW_CPU_RESET),boot:0x13 (SPI_FAST_FLASH_BOOT)\n```\n\n"
           "What does LoadProhibited at 0x10 mean, in plain terms? Was it the heater code?", "question")
    s.bash("~/.platformio/packages/toolchain-xtensa-esp32/bin/xtensa-esp32-elf-addr2line -pfiaC -e .pio/build/esp32dev/firmware.elf 0x400d3a19 0x400d2f6b 0x400d8a55",
           out="0x400d3a19: mqttPublish(char const*, char const*) at src/mqtt_client.cpp:31\n0x400d2f6b: publishTemps(float, float) at src/publish.cpp:7\n0x400d8a55: loopTask(void*) at /home/derek/.platformio/packages/framework-arduinoespressif32/cores/esp32/main.cpp:50")
    s.reply("In plain terms: the code read memory at address 0x10, i.e. through a null pointer plus a small "
            "offset. The backtrace points at `mqttPublish()` (mqtt_client.cpp:31) called from "
            "`publishTemps()`, not the heater. Most likely it publishes while the client is disconnected and "
            "dereferences something that isn't set up. A `if (!mqtt.connected()) return;` guard there would fix it.")
    s.user("Do put that guard in.", "request")
    s.edit("src/mqtt_client.cpp", "void mqttPublish(const char* topic, const char* payload) {\n", "void mqttPublish(const char* topic, const char* payload) {\n  if (!mqtt.connected()) return;\n")
    s.reply("Guard added at the top of `mqttPublish()`.")
    s.user("And the clock-stretching warnings in the build — fix those, would you?", "request")
    s.grep("clock stretch", ["lib/Adafruit_SHT31/Adafruit_SHT31.cpp"], content="lib/Adafruit_SHT31/Adafruit_SHT31.cpp:88:  // clock stretch: wait for conversion (patched DW 2025-11)")
    rb_lib1 = s.tool("Edit", {"file_path": p.cwd + "/lib/Adafruit_SHT31/Adafruit_SHT31.cpp",
                              "old_string": "  delay(20);  // clock stretch: wait for conversion (patched DW 2025-11)",
                              "new_string": "  delay(16);  // SHT31 high-repeatability max is 15.5 ms"},
                     {"filePath": p.cwd + "/lib/Adafruit_SHT31/Adafruit_SHT31.cpp",
                      "oldString": "  delay(20);  // clock stretch: wait for conversion (patched DW 2025-11)",
                      "newString": "  delay(16);  // SHT31 high-repeatability max is 15.5 ms",
                      "replaceAll": False, "userModified": False,
                      "structuredPatch": [{"oldStart": 88, "oldLines": 1, "newStart": 88, "newLines": 1,
                                           "lines": ["-  delay(20);  // clock stretch: wait for conversion (patched DW 2025-11)",
                                                     "+  delay(16);  // SHT31 high-repeatability max is 15.5 ms"]}]})
    s.reply("The warning came from the patched wait in the SHT31 driver; I've tightened it from 20 ms to "
            "16 ms, which is still above the datasheet maximum.")
    c_lib = s.user("I asked you at the start of this very session. Put it back as it was, please.", "correction")
    s.edit("lib/Adafruit_SHT31/Adafruit_SHT31.cpp", "  delay(16);  // SHT31 high-repeatability max is 15.5 ms", "  delay(20);  // clock stretch: wait for conversion (patched DW 2025-11)")
    s.reply("Restored your original line in `lib/Adafruit_SHT31/Adafruit_SHT31.cpp`. Apologies.")
    s.end()

    # ---------------- session 4 ----------------
    s = p.session("2026-04-03 11:20")
    f_board2 = s.user("Good morning. News: the old DevKit finally gave up — the regulator cooked itself in "
                      "that heat wave we didn't have. I've replaced it with an ESP32-S3, the "
                      "esp32-s3-devkitc-1 board, so please change the environment over. Same pins where "
                      "possible; the SHT31s are now on SDA 8, SCL 9.", "fact")
    s.edit("platformio.ini", "[env:esp32dev]\nplatform = espressif32 @ 6.6.0\nboard = esp32dev\n", "[env:s3]\nplatform = espressif32 @ 6.6.0\nboard = esp32-s3-devkitc-1\nboard_build.flash_mode = qio\n")
    s.edit("platformio.ini", "default_envs = esp32dev", "default_envs = s3")
    s.edit("platformio.ini", "extends = env:esp32dev", "extends = env:s3")
    s.edit("src/sensors.cpp", "  Wire.begin(21, 22);", "  Wire.begin(8, 9);")
    s.bash("pio run -e s3", out="Processing s3 (platform: espressif32 @ 6.6.0; board: esp32-s3-devkitc-1; framework: arduino)\n...\nRAM:   [=         ]  14.2% (used 46532 bytes from 327680 bytes)\nFlash: [===       ]  25.9% (used 866141 bytes from 3342336 bytes)\n========================= [SUCCESS] Took 48.10 seconds =========================", dur=(40, 55))
    s.reply("Switched to `[env:s3]` (esp32-s3-devkitc-1), `ota` now extends it, default env updated, and "
            "I2C moved to `Wire.begin(8, 9)`. It builds. GPIO 26 and 27 both exist on the S3 devkit, so the "
            "relay pins can stay.")
    f_pin2 = s.user("Not quite — 26 on the S3 is tied up with the flash on some modules. I've moved the vent relay to "
                    "GPIO 5 and the heater to 6. Sorry, should have said.", "fact")
    s.edit("src/config.h", "#define VENT_PIN 26\n#define HEATER_PIN 27\n", "#define VENT_PIN 5\n#define HEATER_PIN 6\n")
    s.reply("`VENT_PIN 5`, `HEATER_PIN 6` in `config.h`.")
    ep2_rep = s.user("Now flash it over the air, same as always.", "task_start")
    s.bash("pio run -e s3 -t upload", out="Configuring upload protocol...\nCURRENT: upload_protocol = esptool\nLooking for upload port...\nAuto-detected: /dev/ttyACM0\nUploading .pio/build/s3/firmware.bin\nesptool.py v4.5.1\nSerial port /dev/ttyACM0\nConnecting...\nChip is ESP32-S3 (revision v0.2)\nWriting at 0x000d2a10... (100 %)\nWrote 866512 bytes (548821 compressed) at 0x00010000 in 7.9 seconds (effective 877.5 kbit/s)...\nHard resetting via RTS pin...\n========================= [SUCCESS] Took 31.24 seconds =========================", dur=(28, 35))
    s.reply("Flashed — it picked up the board on /dev/ttyACM0 and wrote 866 KB.")
    c_usb = s.user("That was USB, not over the air. The laptop happened to be plugged in for charging. We "
                   "agreed: OTA, the ota environment.", "correction")
    s.bash("pio run -e ota -t upload", out="Uploading .pio/build/ota/firmware.bin\n11:41:02 [INFO]: Starting on 0.0.0.0:40000\n11:41:02 [INFO]: Upload size: 866512\nSending invitation to greenhouse.local \n11:41:02 [INFO]: Waiting for device...\nUploading: [============================================================] 100% Done...\n11:41:12 [INFO]: Result: OK\n11:41:12 [INFO]: Success", dur=(15, 22))
    s.reply("Re-flashed over the air with `pio run -e ota -t upload`; result OK.")
    s.user("Tell me honestly, is there any downside to the S3 for this job? Power, say?", "question")
    s.reply("Not really. Idle draw with Wi-Fi connected is similar (~80–100 mA); it has more RAM and native "
            "USB, which is why it showed up as /dev/ttyACM0. The only snag is the pin map, which you've "
            "already dealt with.")
    s.user("Good. That'll do for today, thank you kindly.", "thanks")
    s.reply("Thanks, Derek.")
    s.end()

    # ---------------- session 5 ----------------
    s = p.session("2026-04-13 09:35")
    f_mqtt2 = s.user("Morning. Housekeeping first: I've retired the old Pi in the study. Mosquitto now runs on "
                     "the new Pi 5 in the garage, 192.168.1.45, same port. Could you point the controller at "
                     "it and then give the topics a look — I want a last-will on gh/bench1/status.", "fact")
    trig_fire2 = s.edit("src/config.h", "#define MQTT_HOST \"192.168.1.40\"", "#define MQTT_HOST \"192.168.1.45\"")
    rb_lib2 = None
    s.read("src/mqtt_client.cpp", "#include \"mqtt_client.h\"\n#include <WiFi.h>\n#include <PubSubClient.h>\n\nstatic WiFiClient net;\nstatic PubSubClient mqtt(net);\n\nvoid mqttBegin() {\n  mqtt.setServer(MQTT_HOST, MQTT_PORT);\n}\n\nbool mqttConnect() {\n  return mqtt.connect(\"greenhouse\");\n}")
    s.edit("src/mqtt_client.cpp", "  return mqtt.connect(\"greenhouse\");", "  bool ok = mqtt.connect(\"greenhouse\", nullptr, nullptr,\n                         \"gh/bench1/status\", 1, true, \"offline\");\n  if (ok) mqtt.publish(\"gh/bench1/status\", \"online\", true);\n  return ok;")
    s.reply("`MQTT_HOST` is now 192.168.1.45, and `mqttConnect()` sets a retained last-will of `offline` on "
            "`gh/bench1/status` (QoS 1) and publishes `online` once connected.")
    q_host = s.user("Where does the controller connect to now, just so I have it written down — host and port? "
                    "And which GPIOs did we end up on for the vent and heater relays? I'm drawing the wiring "
                    "diagram for the shed wall.", "question")
    s.reply("MQTT: 192.168.1.45:1883, plain MQTT. Relays: vent on GPIO 5, heater on GPIO 6, both active-low. "
            "All in `src/config.h`.")
    ep1_rep = s.user("Next job. I've a third SHT31 for the propagator shelf. Add it alongside the other two, "
                     "would you — same bus.", "task_start")
    s.read("src/sensors.cpp", "#include \"sensors.h\"\n#include <Wire.h>\n#include <Adafruit_SHT31.h>\n\nstatic Adafruit_SHT31 shtNear;\nstatic Adafruit_SHT31 shtFar;\n\nvoid sensorsBegin() {\n  Wire.begin(8, 9);\n  shtNear.begin(0x44);\n  shtFar.begin(0x45);   // ADDR pin tied to 3V3\n}")
    s.edit("src/sensors.cpp", "static Adafruit_SHT31 shtFar;\n", "static Adafruit_SHT31 shtFar;\nstatic Adafruit_SHT31 shtProp;\n")
    s.edit("src/sensors.cpp", "  shtFar.begin(0x45);   // ADDR pin tied to 3V3\n", "  shtFar.begin(0x45);   // ADDR pin tied to 3V3\n  shtProp.begin(0x44);\n")
    s.reply("Added `shtProp` on the same bus and wired it into `readSensors()`.")
    s.user("Hmm. Are you quite sure that will work, with the addresses?", "question")
    s.reply("You're right — the SHT31 only has 0x44 and 0x45, and both are taken, so `shtProp` would collide "
            "with `shtNear`. You'll need a TCA9548A I2C multiplexer (or a different sensor) for the third one.")
    trig_fire = s.user("I'll order a multiplexer. Meanwhile: saw on the forum this morning that ArduinoJson 7.2.0 has been "
           "released. Bump it, please, and update anything else that's out of date while you're there.", "request")
    s.edit("platformio.ini", "    bblanchon/ArduinoJson @ 7.1.0", "    bblanchon/ArduinoJson @ 7.2.0")
    rb_pkg = s.bash("pio pkg update -e s3", out="Resolving s3 dependencies...\nUpdating bblanchon/ArduinoJson                 7.2.0                   [Up-to-date]\nUpdating knolleary/PubSubClient          2.8                     [Up-to-date]\nUpdating adafruit/Adafruit SHT31 Library 2.2.2 -> 2.2.3          [Outdated]\nLibrary Manager: Installing adafruit/Adafruit SHT31 Library @ 2.2.3\nUnpacking  [####################################]  100%\nLibrary Manager: Adafruit SHT31 Library@2.2.3 has been installed!")
    s.reply("ArduinoJson pinned to 7.2.0 and `pio pkg update` ran; it also pulled Adafruit SHT31 2.2.3. "
            "`containsKey` is now deprecated, so the two uses in `config_json.cpp` should become "
            "`doc[\"key\"].is<T>()`.")
    s.user("Fine. Do the containsKey change and we'll call it a day.", "request")
    s.edit("src/config_json.cpp", "  if (doc.containsKey(\"vent_open\")) ventOpenC = doc[\"vent_open\"];", "  if (doc[\"vent_open\"].is<float>()) ventOpenC = doc[\"vent_open\"];")
    s.reply("Done — `containsKey` replaced with `.is<float>()`.")
    s.end()

    # ---------------- expectations ----------------
    def pre(si, tool, needle, key="command"):
        return [(si, i) for i, e in enumerate(p.sessions[si].events)
                if e.get("hook") == "PreToolUse" and e["tool_name"] == tool
                and needle in str(e["tool_input"].get(key, ""))]

    p.fact("F1", f_board, needed=[ep1_start], terms=["esp32dev"], note="original board, replaced in session 4")
    p.fact("F1b", f_board2, needed=[ep2_rep], terms=["esp32-s3-devkitc-1"], stale=["esp32dev", "doit devkit"])
    p.fact("F2", f_vent, needed=[heat_q], terms=["28", "24", "vent"])
    p.fact("F3", f_pin, needed=[f_board2], terms=["gpio 26"],
           note="stated only in answer to the assistant's question")
    p.fact("F3b", f_pin2, needed=[q_host], terms=["gpio 5", "heater"], stale=["gpio 26"])
    p.fact("F4", f_mqtt, needed=[f_mqtt2], terms=["192.168.1.40", "1883"])
    p.fact("F4b", f_mqtt2, needed=[q_host], terms=["192.168.1.45"], stale=["192.168.1.40"])
    p.fact("F5", f_addr, needed=[ep1_rep], terms=["0x45", "addr"],
           note="stated in the user's answer to the assistant's request for the scan output")

    p.correction("C1", c_str, ["string", "snprintf"])
    p.correction("C2", c_way, ["way round", "active-low"], note="does not name the fix; previous turn swapped HIGH/LOW")
    p.correction("C3", c_again, ["again", "delay("], note="does not name delay(); previous turn added delay(200)")
    p.correction("C4", c_lib, ["asked you", "lib/"], note="does not name lib/; previous turn edited the patched driver under lib/")
    p.correction("C5", c_usb, ["ota", "usb"], note="uploaded over USB instead of the ota env")

    p.rule("R1", r_delay, "Edit", pre(3, "Edit", "delay(200)", "new_string"), ["delay("],
           note="broken: delay(200) added to setup()")
    p.rule("R2", r_ota, "Bash", pre(2, "Bash", "-t upload") + pre(4, "Bash", "-t upload") + pre(5, "Bash", "-t upload"),
           ["-t upload", "ota"], note="followed in s2; broken in s4 (USB upload with -e s3), then followed")
    p.rule("R3", r_lib, "Edit", [rb_lib1], ["lib/"], note="broken: edited the patched SHT31 driver")

    p.episode("E1", ep1_start, ep1_end, ep1_rep, ["0x45", "addr"],
              note="second SHT31 needed its own address; the repeat forgets only two addresses exist")
    p.episode("E2", ep2_start, ep2_end, ep2_rep, ["host_port", "40000"])

    p.trigger("T1", trig_q, trig_fire, "ArduinoJson 7.2 release")
    p.rejected(rej, ["esphome"], "user declined the ESPHome rewrite; stays on PlatformIO/Arduino")
    return p
