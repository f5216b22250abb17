#!/usr/bin/env python3
"""Builds updates6.json, updates6.dev.json and updates6.held.json from the item table below."""
import json, os
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ITEMS = []


def U(cls, style, speaker, before, after, q, new, old):
    ITEMS.append({"class": cls, "style": style, "speaker": speaker, "before": before,
                  "after": after, "q": q, "new": new, "old": old})


def C(cls, style, speaker, before, after, q, new, keep):
    ITEMS.append({"class": cls, "style": style, "speaker": speaker, "before": before,
                  "after": after, "q": q, "new": new, "old": None, "keep": keep})


# ---------------------------------------------------------------- move_named
M = "move_named"
U(M, "first_person", "Ingrid", "I bank with Monzo for pretty much everything.",
  "Moved all my accounts over to Starling last week, the app just suits me better.",
  "Which bank does Ingrid use?", "starling", "monzo")
U(M, "chatty", "Tomasz", "Honestly the best part of my week is climbing at Boulder Barn on Tuesdays.",
  "Oh and guess what, I finally jumped ship to Rockworks — the Barn got way too crowded lol.",
  "Which climbing gym does Tomasz go to?", "rockworks", "boulder barn")
U(M, "terse", "Aiyana", "Editor: Sublime Text.", "Editor: Sublime → Neovim (since Feb).",
  "What code editor does Aiyana use?", "neovim", "sublime text")
U(M, "formal", "Reginald", "I am currently registered with the Hillcrest Medical Practice.",
  "Please note that I have transferred my registration to Northgate Surgery, effective 1 June.",
  "Which GP practice is Reginald registered with?", "northgate", "hillcrest")
U(M, "lowercase_typos", "Jun", "i get my hair cut at tonys on the corner",
  "tried fade lab last month and im never going back to the old place lol, fade lab all the way now",
  "Where does Jun get his hair cut?", "fade lab", "tonys")
U(M, "voice_transcript", "Marisol", "so um my car insurance is with Geico has been for years",
  "yeah so I um I switched the car insurance to Progressive they were like three hundred cheaper so that's done",
  "Who is Marisol's car insurance with?", "progressive", "geico")
U(M, "non_native", "Dmitri", "I am working in the Siemens office in Munich since three years.",
  "From this month I am working for Bosch, in Stuttgart. Siemens was good but the offer from Bosch was better.",
  "Which company does Dmitri work for?", "bosch", "siemens office in munich")
U(M, "technical", "Priyanka", "We track all our tickets in Jira, one board per squad.",
  "Ticketing has been migrated off Jira to Linear as of this sprint; the old boards are read-only.",
  "What tool does Priyanka's team use for tickets?", "linear", "tickets in jira")
U(M, "third_person", "Beatrix", "Beatrix — shops at Aldi for the weekly groceries.",
  "Beatrix now does the weekly shop at Lidl; says the Aldi near her closed.",
  "Where does Beatrix do her weekly grocery shopping?", "lidl", "shops at aldi")
U(M, "we", "Oluwaseun", "We keep our savings in a Marcus account.",
  "We rolled the savings pot into a Chase saver because the rate was better.",
  "Where does Oluwaseun's household keep their savings?", "chase", "marcus")
U(M, "reason_before", "Henrike", "My running club is the Riverside Harriers.",
  "Because the Harriers moved their sessions to 6am, I joined Parkside Striders instead.",
  "Which running club is Henrike in?", "parkside striders", "riverside harriers")
U(M, "reason_after", "Caio", "I stream music on Spotify.",
  "I'm on Tidal now — the lossless audio is worth it with my new headphones.",
  "Which music streaming service does Caio use?", "tidal", "spotify")
U(M, "emoji_slang", "Zanele", "my whole personality rn is my Peloton membership 🚴",
  "ngl cancelled peloton, Apple Fitness+ hits different 🔥 and it's cheaper",
  "What fitness subscription does Zanele have?", "apple fitness", "peloton membership")
U(M, "email", "Gwendolyn", "For anyone looking for me, I sit in the Carver Building, 3rd floor.",
  "Subject: new desk\n\nHi all, quick heads-up that I've relocated to the Lindqvist Annex (room 214). Same extension. Best, Gwen",
  "Which building does Gwendolyn work in?", "lindqvist annex", "carver building")
U(M, "sms", "Rashid", "fyi im w/ Vodafone for phone",
  "switched 2 Three yday, better signal @ home",
  "Which mobile network is Rashid on?", "three", "vodafone")
U(M, "quoted_speech", "Leilani",
  "As I always tell people, \"Paws & Claws on Elm is the only vet I trust with Mochi.\"",
  "I told my sister, \"We've taken Mochi to Greenway Animal Hospital ever since the Elm place changed owners.\"",
  "Which vet does Leilani take Mochi to?", "greenway", "paws & claws")
U(M, "diary", "Fergus", "Dear diary — another Saturday at the allotment on Brook Lane.",
  "Sat 12th. First morning on the new plot at Millfield allotments. Handed back the Brook Lane keys yesterday, bit sad.",
  "Where is Fergus's allotment?", "millfield", "allotment on brook lane")
U(M, "self_correction", "Anneliese", "I'm flying out of Gatwick on the 14th.",
  "Actually scratch that — the flight's from Stansted, I misread the booking.",
  "Which airport is Anneliese flying from?", "stansted", "gatwick")

# ---------------------------------------------------------------- new_state_unnamed_old
N = "new_state_unnamed_old"
U(N, "first_person", "Eitan", "My daughter Noa is in second grade.",
  "Noa just started third grade, I can't believe how fast it goes.",
  "What grade is Eitan's daughter Noa in?", "third grade", "second grade")
U(N, "chatty", "Philippa", "I'm a purple belt in BJJ, been grinding for ages.",
  "Sooo my coach finally tied my brown belt on last night!! Still buzzing.",
  "What belt is Philippa in BJJ?", "brown belt", "purple belt")
U(N, "terse", "Kwame", "Python on the build boxes: 3.9.", "Build boxes now on 3.12.",
  "Which Python version is on Kwame's build boxes?", "3.12", "3.9")
U(N, "formal", "Ottoline", "I hold the position of Deputy Head of Science at the school.",
  "Following the governors' meeting, I have been appointed Head of Science from September.",
  "What is Ottoline's position at the school?", "appointed head of science", "deputy head of science")
U(N, "lowercase_typos", "Brody", "im level 42 on my main in wow",
  "finaly hit max level on my main last nite, took forever",
  "What level is Brody's main character in WoW?", "max level", "level 42")
U(N, "voice_transcript", "Consuela", "yeah I'm um in the beginner pottery class on Thursdays",
  "so I um passed the little assessment thing and they moved me up to the advanced group which is like yeah a big deal for me",
  "Which pottery group is Consuela in?", "advanced group", "beginner pottery class")
U(N, "non_native", "Hyun-woo", "I am preparing for the JLPT N3 now.",
  "I passed it! So now I start to study for the N2, it is much more difficult.",
  "Which JLPT level is Hyun-woo studying for?", "n2", "jlpt n3")
U(N, "technical", "Sigrun", "Our public API is on v2 and clients pin to it.",
  "Shipped the next major version of the API today; clients are being moved over to v3.",
  "What version is Sigrun's team's public API on?", "v3", "on v2")
U(N, "third_person", "Mateus", "Mateus is a junior associate at the firm.",
  "Mateus made senior associate in the spring round of promotions.",
  "What is Mateus's role at the firm?", "senior associate", "junior associate")
U(N, "we", "Saoirse",
  "Our team is working out of the temporary office in the library annex while our floor is refurbished.",
  "We're back in our usual office as of Monday, the refurb's done.",
  "Where is Saoirse's team working from?", "usual office", "temporary office")
U(N, "reason_before", "Oleksandra", "Everyone at work calls me Oleksandra.",
  "Since nobody could spell it anyway, I just go by Sasha now, even in my email signature.",
  "What name does Oleksandra go by?", "sasha", "calls me oleksandra")
U(N, "reason_after", "Ngozi", "My phone runs Android 13.",
  "Updated the phone to the latest version last night — it's on Android 15 now, because the banking app refused to open otherwise.",
  "Which Android version is Ngozi's phone on?", "android 15", "android 13")
U(N, "emoji_slang", "Jayden", "still on my L plates 😩 test is in march",
  "PASSED MY DRIVING TEST 🎉🎉 full licence baby",
  "What is Jayden's driving licence status?", "full licence", "l plates")
U(N, "email", "Marguerite",
  "Dear Colin, I'm writing as the Treasurer of the Allotment Society about the shed repairs.",
  "Dear members, as of last night's AGM I am now the Society's Chair; a new Treasurer will be announced shortly. Warm regards, Marguerite",
  "What role does Marguerite hold in the Allotment Society?", "chair", "as the treasurer")
U(N, "diary", "Yusuf", "Day 40 of physio. Still on crutches, ugh.",
  "Walked to the shop without any aids today for the first time since the op!",
  "What does Yusuf need to walk?", "without any aids", "on crutches")
U(N, "bullet_list", "Clementine",
  "Swimming:\n- Juniper is in Stage 3 at the leisure centre\n- lessons are Saturday mornings",
  "Swim news:\n- Juniper got her badge and moved up!\n- now in Stage 4, same time slot",
  "What swimming stage is Clementine's daughter Juniper in?", "stage 4", "stage 3")
U(N, "reply_to_question", "Haruto",
  "> Which version of the app are you running?\nVersion 4.2 of the desktop app.",
  "> Still on the old build?\nNope, updated this morning, it says 5.0.1 now.",
  "What version of the desktop app is Haruto running?", "5.0.1", "version 4.2")

# ---------------------------------------------------------------- frequency_amount
F = "frequency_amount"
U(F, "first_person", "Lorenzo", "I run three times a week, usually 5k.",
  "I've bumped it up to five runs a week now that the evenings are lighter.",
  "How often does Lorenzo run?", "five runs a week", "three times a week")
U(F, "chatty", "Delphine", "Rent's £1,150 a month which is honestly fine for the area.",
  "Ugh, the landlord letter finally landed — rent went up to £1,320 this month. Not thrilled.",
  "How much is Delphine's rent?", "£1,320", "£1,150")
U(F, "terse", "Bartholomew", "Metformin 500mg x1/day.", "Metformin now 500mg x2/day per GP.",
  "What's Bartholomew's metformin dose?", "x2/day", "x1/day")
U(F, "formal", "Yevgenia", "My annual salary is €58,000.",
  "Following my performance review, my salary has been revised to €63,500 per annum.",
  "What is Yevgenia's salary?", "€63,500", "€58,000")
U(F, "lowercase_typos", "Kai", "i drink like 4 coffees a day lol",
  "cut down to one cofee a day, my sleep was wrecked",
  "How many coffees does Kai drink a day?", "one cofee", "4 coffees a day")
U(F, "voice_transcript", "Rosalind", "so the budget for groceries is like four hundred a month for the two of us",
  "okay so um we sat down and we said three fifty for groceries from now on because everything else went up",
  "What's Rosalind's monthly grocery budget?", "three fifty", "four hundred")
U(F, "non_native", "Thuy", "I give to my mother 200 dollars every month.",
  "Now I send to my mother 300 dollars each month, because her medicine is more expensive.",
  "How much money does Thuy send her mother each month?", "300 dollars", "200 dollars")
U(F, "technical", "Magnus", "Rate limit on the public API is 100 req/min per key.",
  "We raised the per-key limit to 250 requests a minute after the load test.",
  "What's the rate limit on Magnus's public API?", "250 requests", "100 req/min")
U(F, "third_person", "Esperanza", "Esperanza walks the dog twice a day.",
  "Esperanza's vet said once a day is plenty now that the dog is old — so it's one long walk in the morning.",
  "How often does Esperanza walk the dog?", "once a day", "twice a day")
U(F, "we", "Anders", "We're a team of six engineers.",
  "With the two new hires starting Monday, we're eight engineers now.",
  "How many engineers are on Anders's team?", "eight engineers", "six engineers")
U(F, "reason_before", "Fiona", "I pay £45 a month for the gym.",
  "Since they changed the membership tiers, I'm paying £29 a month on the off-peak plan.",
  "How much does Fiona pay for the gym?", "£29", "£45")
U(F, "reason_after", "Tobias", "I read about two books a month.",
  "These days it's more like one book every two months, the baby takes up all my evenings.",
  "How much does Tobias read?", "one book every two months", "two books a month")
U(F, "emoji_slang", "Amara", "posting on my bakery insta 3x a week 🧁",
  "lowkey posting daily now 📈 the algorithm loves it",
  "How often does Amara post on her bakery Instagram?", "daily", "3x a week")
U(F, "sms", "Wendell", "commute 45 min each way", "new route, 25 min door2door 🙌",
  "How long is Wendell's commute?", "25 min", "45 min")
U(F, "form_field", "Ines", "Contracted hours per week: 40 (full-time)",
  "Contracted hours: 40 → 32, part-time from May",
  "How many hours a week is Ines contracted for?", "32", "40 (full-time)")
U(F, "diary", "Bogdan", "Weighed in at 92kg this morning. Goal is 85.",
  "Scales said 87.5 today!! Nearly there.",
  "How much does Bogdan weigh?", "87.5", "92kg")
U(F, "quoted_speech", "Nomvula",
  "My financial advisor always says, \"You're putting 5% into the pension, that's the bare minimum.\"",
  "I told HR, \"Bump my pension contribution to 8%, please,\" and they did it this payroll.",
  "What percentage of her pay does Nomvula put into her pension?", "8%", "5% into the pension")

# ---------------------------------------------------------------- habit_order
H = "habit_order"
U(H, "first_person", "Cormac", "I shower first thing, then have breakfast.",
  "I've started having breakfast before my shower so I'm not starving on the school run.",
  "Does Cormac shower before or after breakfast?", "breakfast before my shower", "shower first thing")
U(H, "chatty", "Valentina", "I always do my weekly meal prep on Sunday afternoons, it's my little ritual.",
  "Meal prep has moved to Wednesday nights for me now, Sundays are for the kids' football haha.",
  "When does Valentina do her meal prep?", "wednesday nights", "sunday afternoons")
U(H, "terse", "Obinna", "Gym: after work, ~6pm.", "Gym → 6am, pre-work.",
  "When does Obinna go to the gym?", "6am", "after work, ~6pm")
U(H, "formal", "Cecily", "I review the weekly reports on Friday afternoons ahead of the team call.",
  "I now review the weekly reports on Monday mornings, prior to the planning meeting.",
  "When does Cecily review the weekly reports?", "monday mornings", "friday afternoons")
U(H, "lowercase_typos", "Dev", "i do my duolingo right before bed",
  "doin duolingo on the bus in the mornin now, was to tired at nite",
  "When does Dev do Duolingo?", "on the bus", "right before bed")
U(H, "voice_transcript", "Harriet", "I take the tablets at night with my dinner",
  "um the pharmacist said to take them in the morning on an empty stomach so I'm doing that now",
  "When does Harriet take her tablets?", "in the morning", "at night with my dinner")
U(H, "non_native", "Giang", "I first do the homework with my son, after that I cook dinner.",
  "Now I am cooking the dinner first and we do homework after eating, he is more calm then.",
  "Does Giang do homework with her son before or after cooking dinner?", "cooking the dinner first", "first do the homework")
U(H, "technical", "Leandro", "We write the tests after the feature code is merged.",
  "Team agreed to go test-first: tests get written before any implementation now.",
  "When does Leandro's team write tests?", "test-first", "after the feature code is merged")
U(H, "third_person", "Ambrose", "Ambrose waters the garden in the evening.",
  "Ambrose has switched to watering at dawn to keep the slugs down.",
  "When does Ambrose water the garden?", "at dawn", "in the evening")
U(H, "we", "Ilse", "We do the big supermarket shop on Saturday mornings.",
  "We do our big shop on Thursday evenings now — the weekend crowds were awful.",
  "When does Ilse's household do the big supermarket shop?", "thursday evenings", "saturday mornings")
U(H, "reason_before", "Kenji", "Deploys go out on Fridays at 4pm.",
  "After the Black Friday incident, deploys only go out on Tuesday mornings.",
  "When does Kenji's team deploy?", "tuesday mornings", "fridays at 4pm")
U(H, "reason_after", "Solveig", "I check email first thing when I get to my desk.",
  "Now I do an hour of deep work before opening my inbox — otherwise the whole morning just disappears.",
  "What does Solveig do first when she gets to her desk?", "deep work before", "check email first thing")
U(H, "emoji_slang", "Destiny", "skincare then makeup then coffee ☕ every morning no exceptions",
  "coffee FIRST now 😤☕ then skincare, makeup last",
  "What order does Destiny do her morning routine in?", "coffee first", "skincare then makeup then coffee")
U(H, "bullet_list", "Wojciech", "Morning:\n- walk the dog\n- stretch\n- breakfast",
  "New morning order:\n- stretch\n- breakfast\n- dog walk around 9 when it's warmer",
  "When does Wojciech walk the dog?", "dog walk around 9", "walk the dog")
U(H, "sms", "Precious", "pick kids up 3.15 then shop", "shop 1st now then school run @3.15, less stress",
  "Does Precious do the shopping before or after picking up the kids?", "shop 1st", "pick kids up 3.15 then shop")
U(H, "diary", "Lachlan", "Usual routine: guitar practice after dinner, 30 mins.",
  "Tues — the new plan is working well: guitar at lunchtime instead, fingers less tired.",
  "When does Lachlan practise guitar?", "lunchtime", "after dinner")
U(H, "reply_to_question", "Farida", "I pay all the bills on the 1st of the month.",
  "> When do you usually pay bills?\nI moved it to payday, the 25th, so nothing bounces.",
  "When does Farida pay her bills?", "25th", "1st of the month")

# ---------------------------------------------------------------- category_word
K = "category_word"
U(K, "first_person", "Sunniva", "I'm vegetarian, have been since uni.", "I went fully vegan in January.",
  "What is Sunniva's diet?", "vegan", "i'm vegetarian")
U(K, "chatty", "Ezekiel", "Single and honestly loving it right now.",
  "Okay so plot twist, I've been seeing someone for two months and we're officially a couple now!",
  "What's Ezekiel's relationship status?", "officially a couple", "single and honestly")
U(K, "terse", "Petronella", "Status: employed (Deloitte, audit).", "Status: freelance since Q2.",
  "What's Petronella's employment status?", "freelance", "employed (deloitte")
U(K, "formal", "Augustin", "I am a full-time doctoral student in the History department.",
  "I am pleased to say that I was awarded my PhD in July and now hold a postdoctoral fellowship.",
  "What is Augustin's academic status?", "postdoctoral", "doctoral student")
U(K, "lowercase_typos", "Maddie", "me and jake are engaged, weddings next august",
  "we got maried on saturday!! still cant beleive it",
  "What's Maddie's relationship status?", "maried", "are engaged")
U(K, "voice_transcript", "Horace", "I'm still working at the depot full time you know",
  "so yeah I um I retired last month finally after thirty one years at the depot",
  "Is Horace working or retired?", "retired", "working at the depot full time")
U(K, "non_native", "Anouk", "I am pescatarian, I eat fish but not meat.",
  "Since my doctor told me about my iron, I eat again meat, so now I am just omnivore.",
  "What is Anouk's diet?", "omnivore", "pescatarian")
U(K, "technical", "Radhika", "I'm a contractor on the payments team, rolling 6-month contract.",
  "Got converted to a permanent employee on payments, so no more contract renewals.",
  "What is Radhika's employment type?", "permanent employee", "i'm a contractor")
U(K, "third_person", "Cosimo", "Cosimo: married, two kids.",
  "Cosimo is divorced as of this spring; the kids split weeks between the two homes.",
  "What's Cosimo's marital status?", "divorced", "married, two kids")
U(K, "we", "Margarethe", "We're homeschooling both kids this year.",
  "Both kids are enrolled at the local primary now, we stopped homeschooling in September.",
  "How are Margarethe's kids being schooled?", "enrolled at the local primary", "homeschooling both kids")
U(K, "reason_before", "Idris", "I'm a teetotaller.",
  "After my trip to Porto I've become a casual drinker — a glass of wine with dinner sometimes.",
  "Does Idris drink alcohol?", "casual drinker", "teetotaller")
U(K, "reason_after", "Lucinda", "I'm a stay-at-home mum.",
  "I'm back at work part-time now, the youngest started nursery.",
  "What's Lucinda's work situation?", "part-time", "stay-at-home mum")
U(K, "emoji_slang", "Tyrese", "broke college student era 📚💸", "officially a GRADUATE 🎓 job hunting szn",
  "Is Tyrese still a student?", "graduate", "college student era")
U(K, "email", "Philomena", "Best wishes, Philomena (currently on maternity leave)",
  "Hi Sue,\nJust a note that I'm back from leave and working my usual days again from Monday.\nBest, Philomena",
  "Is Philomena on leave?", "back from leave", "on maternity leave")
U(K, "sms", "Emeka", "im a renter btw, flat in peckham", "we own now!! completed 2day 🏡",
  "Does Emeka rent or own his home?", "own now", "im a renter")
U(K, "quoted_speech", "Ottilie",
  "When people ask what I do I say, \"I'm a nurse on the cardiac ward.\"",
  "Now when people ask, I tell them, \"I'm a nurse practitioner, I run my own clinic list.\"",
  "What does Ottilie do for work?", "nurse practitioner", "nurse on the cardiac ward")
U(K, "self_correction", "Bashir", "Oh and I'm lactose intolerant so no dairy for me.",
  "Wait, I got that wrong earlier — the test came back and it's not lactose, I'm actually allergic to eggs. Dairy is fine.",
  "What food allergy or intolerance does Bashir have?", "allergic to eggs", "lactose intolerant")

# ---------------------------------------------------------------- my_new_x
X = "my_new_x"
U(X, "first_person", "Gabriela", "My dentist is Dr. Moreau on King Street.",
  "My new dentist is Dr. Adeyemi — Moreau retired.",
  "Who is Gabriela's dentist?", "adeyemi", "dr. moreau on king street")
U(X, "chatty", "Jasper", "My phone's an iPhone 12, held together with tape at this point lol.",
  "Finally caved — my new phone is a Pixel 9 and I'm obsessed with the camera.",
  "What phone does Jasper have?", "pixel 9", "iphone 12")
U(X, "terse", "Mirela", "Landlord: Mr Haddad.", "New landlord: Greystone Lettings (building sold).",
  "Who is Mirela's landlord?", "greystone", "mr haddad")
U(X, "formal", "Ignatius", "My line manager is Ms. Patricia Royce.",
  "I would like to update my records: my new line manager is Mr. Daniel Osei, following the restructure.",
  "Who is Ignatius's line manager?", "daniel osei", "patricia royce")
U(X, "lowercase_typos", "Tamsin", "my laptop is a old thinkpad x220",
  "got a new laptop finaly, its a framework 13, the old one is dead",
  "What laptop does Tamsin have?", "framework", "thinkpad x220")
U(X, "voice_transcript", "Nikolai", "my car is the um the silver Corolla the 2011 one",
  "so my new car is a Kia Niro it's a hybrid um I picked it up Saturday",
  "What car does Nikolai drive?", "kia niro", "silver corolla")
U(X, "non_native", "Paulo", "My teacher for the English class is Mrs. Lynch.",
  "We have a new teacher now, her name is Mrs. Duarte. Mrs. Lynch went to another school.",
  "Who is Paulo's English teacher?", "duarte", "teacher for the english class is mrs. lynch")
U(X, "technical", "Ayesha", "My dev box is an M1 Mac mini.",
  "New dev machine arrived: Ubuntu workstation with a Threadripper. The Mac mini's going back to IT.",
  "What is Ayesha's dev machine?", "threadripper", "m1 mac mini")
U(X, "third_person", "Florentyna", "Florentyna's therapist: Dr. Vance.",
  "Florentyna started with a new therapist, Dr. Oyelaran, this month.",
  "Who is Florentyna's therapist?", "oyelaran", "dr. vance")
U(X, "we", "Barnaby", "Our cleaner is Rosa, every other Wednesday.",
  "We've got a new cleaner, Agnieszka, same schedule.",
  "Who cleans for Barnaby's household?", "agnieszka", "cleaner is rosa")
U(X, "reason_before", "Yolanda", "My hairdresser is Kim at the salon by the station.",
  "Kim moved to Spain, so my new hairdresser is Bea at Studio Nine.",
  "Who is Yolanda's hairdresser?", "bea at studio nine", "kim at the salon")
U(X, "reason_after", "Desmond", "My running shoes are Brooks Ghosts.",
  "New running shoes are Hoka Cliftons — my knees needed more cushioning.",
  "What running shoes does Desmond wear?", "hoka", "brooks ghosts")
U(X, "emoji_slang", "Kiana", "my fave coffee spot is Bean There ☕",
  "new fave coffee spot just dropped: Oat & Ember 😍",
  "What's Kiana's favourite coffee spot?", "oat & ember", "bean there")
U(X, "email", "Percival", "Please direct any invoices to my accountant, Hollis & Finch.",
  "Hello,\nA quick update: my new accountant is Marlowe Tax Services; please send all future invoices there.\nThanks, Percival",
  "Who is Percival's accountant?", "marlowe", "hollis & finch")
U(X, "diary", "Ludmila", "Current book: The Overstory, a few pages before bed.",
  "Started my new book tonight — Piranesi. Finished the other one on the train.",
  "What book is Ludmila reading?", "piranesi", "the overstory")
U(X, "bullet_list", "Thaddeus", "Household contacts\n- plumber: Gary Nunn\n- electrician: Sparks Ltd",
  "Updated contacts\n- new plumber: Cheng at FlowRight (Gary's retired)",
  "Who is Thaddeus's plumber?", "flowright", "gary nunn")
U(X, "form_field", "Juliette", "Emergency contact: Paul Mercier (brother)",
  "Emergency contact (new): Hélène Girard (partner)",
  "Who is Juliette's emergency contact?", "hélène girard", "paul mercier")

# ---------------------------------------------------------------- second_clause
S = "second_clause"
U(S, "first_person", "Aurelio", "I park at the Westgate multi-storey.",
  "The Westgate car park shut for repairs, so I've been parking at the station lot since.",
  "Where does Aurelio park?", "station lot", "westgate multi-storey")
U(S, "chatty", "Bronwyn", "My book club meets at Sophie's house.",
  "So Sophie's got a new baby and obviously can't host, which means book club is at the library café now — honestly it's nicer.",
  "Where does Bronwyn's book club meet?", "library café", "at sophie's house")
U(S, "terse", "Lysander", "Backups: Time Machine → external HDD.", "HDD died → backups now go to Backblaze.",
  "How does Lysander back up his computer?", "backblaze", "external hdd")
U(S, "formal", "Evangeline", "I commute by train to the London office.",
  "Owing to the ongoing rail strikes, I have been driving in to the London office since October.",
  "How does Evangeline get to the office?", "driving in", "commute by train")
U(S, "lowercase_typos", "Rory", "my dog eats the royal canin dry food",
  "vet said hes got a sensitive stomach so hes on the hills i/d wet stuff now",
  "What food does Rory's dog eat?", "hills", "royal canin")
U(S, "voice_transcript", "Shanice", "my mum watches the baby on Tuesdays and Thursdays",
  "so mum's hip op is next week and she can't lift anything so um the baby's going to Little Acorns nursery on those days instead",
  "Who looks after Shanice's baby on Tuesdays and Thursdays?", "little acorns", "my mum watches the baby")
U(S, "non_native", "Farrukh", "I study in the university library every evening.",
  "Because the library is closing at 6 now for the renovation, I study at the café on Nizami street in the evenings.",
  "Where does Farrukh study in the evenings?", "café on nizami", "university library every evening")
U(S, "technical", "Tereza", "Our logs ship to Elasticsearch.",
  "Since the ES cluster kept falling over and the licence cost went up, logs now ship to Loki.",
  "Where do Tereza's team's logs go?", "loki", "elasticsearch")
U(S, "third_person", "Gunnar", "Gunnar coaches the under-10s football on Sundays.",
  "Gunnar's knee surgery is in May, and until he's recovered he's only doing the team admin; Pete has taken over the coaching.",
  "What does Gunnar do for the under-10s football team?", "team admin", "coaches the under-10s football")
U(S, "we", "Chiamaka", "We get our veg box from Riverford.",
  "The deliveries kept turning up squashed, so we cancelled and now we get veg from the Saturday farmers' market.",
  "Where does Chiamaka's household get their vegetables?", "farmers' market", "riverford")
U(S, "reason_before", "Leopold", "I take the 47 bus to work.",
  "With the new cycle lane finished on the high road, I cycle to work every day now.",
  "How does Leopold get to work?", "cycle to work", "47 bus")
U(S, "reason_after", "Mireille", "My kids' dentist is at the Smile Centre.",
  "Quick one before I forget — the kids see Dr. Lowe at Brightside Dental now, because the other place stopped taking NHS patients.",
  "Where do Mireille's kids go to the dentist?", "brightside dental", "smile centre")
U(S, "emoji_slang", "Dante", "main game rn is valorant 🎯", "friends all quit so 🤷 it's all fortnite now lol",
  "What game does Dante mainly play?", "fortnite", "valorant")
U(S, "email", "Heloise", "My office hours are Tuesdays 2–4pm in room B12.",
  "Dear students,\nAs the department has reallocated rooms for the exam period, my office hours will now be held on Wednesdays 10–12 in room C3.\nBest, Dr. Heloise Brandt",
  "When are Heloise's office hours?", "wednesdays 10–12", "tuesdays 2–4pm")
U(S, "sms", "Jomo", "my 5-a-side is at Goals on weds", "pitch flooded so 5aside moved 2 powerleague thurs",
  "Where does Jomo play 5-a-side?", "powerleague", "goals on weds")
U(S, "quoted_speech", "Perpetua", "My GP put me on sertraline last year.",
  "At my review the doctor said, \"Given the side effects, let's switch you to citalopram,\" so that's what I'm on now.",
  "What antidepressant is Perpetua on?", "citalopram", "sertraline")
U(S, "diary", "Wilhelmina", "Choir practice at St Mark's, Monday nights.",
  "March 3rd. The church hall roof finally gave in, so choir is meeting in the school gym on Monday nights for the rest of term.",
  "Where does Wilhelmina's choir practise?", "school gym", "st mark's")

# ---------------------------------------------------------------- no_marker
Z = "no_marker"
U(Z, "first_person", "Olamide", "I live in Lagos.", "I live in Accra, ten minutes from Osu.",
  "Where does Olamide live?", "accra", "lagos")
U(Z, "chatty", "Georgina", "My favourite takeaway is the Thai place on Mill Road.",
  "Friday night = pizza from Franco's, my favourite takeaway by a mile.",
  "What's Georgina's favourite takeaway?", "franco's", "thai place on mill road")
U(Z, "terse", "Xiomara", "Bike: Trek road bike.", "Bike: Specialized gravel.",
  "What bike does Xiomara ride?", "specialized", "trek road bike")
U(Z, "formal", "Benedikt", "My registered address is 14 Alder Close, Harrogate.",
  "My registered address is Flat 3, 22 Quayside, Newcastle upon Tyne.",
  "What is Benedikt's registered address?", "22 quayside", "14 alder close")
U(Z, "lowercase_typos", "Skye", "my fav band is arctic monkeys", "fav band is the last dinner party no contest",
  "What's Skye's favourite band?", "last dinner party", "arctic monkeys")
U(Z, "voice_transcript", "Cuthbert", "I bowl in the Wednesday league at the Crown",
  "since September it's the Thursday league at the Crown for me um been good so far",
  "Which night does Cuthbert bowl in the league?", "thursday league", "wednesday league")
U(Z, "non_native", "Svetlana", "I am working as a cashier in the supermarket.",
  "I am working as receptionist in a hotel in the centre.",
  "What is Svetlana's job?", "receptionist", "cashier in the supermarket")
U(Z, "technical", "Arjun", "Prod database is Postgres 13 on RDS.", "Prod database: Aurora Postgres 16.",
  "What is Arjun's team's prod database?", "aurora", "postgres 13 on rds")
U(Z, "third_person", "Imelda", "Imelda teaches Year 6 at St Bride's.", "Imelda teaches the reception class at St Bride's.",
  "Which class does Imelda teach?", "reception", "year 6")
U(Z, "we", "Stellan", "Our kids' bedtime is 7:30.", "The kids go to bed at 8:15.",
  "What time do Stellan's kids go to bed?", "8:15", "7:30")
U(Z, "reason_before", "Mahlet", "I take my coffee black.",
  "My stomach is sensitive, so: oat latte, no sugar, that's my coffee.",
  "How does Mahlet take her coffee?", "oat latte", "black")
U(Z, "reason_after", "Osvaldo", "My broadband provider is Virgin Media.",
  "Broadband is through Hyperoptic — they were the only ones offering full fibre in the building.",
  "Who is Osvaldo's broadband provider?", "hyperoptic", "virgin media")
U(Z, "emoji_slang", "Nia", "hair is box braids rn 💅", "hair: silk press 😮‍💨✨",
  "What is Nia's hairstyle?", "silk press", "box braids")
U(Z, "bullet_list", "Rupert", "My setup:\n- Keyboard: Keychron K2\n- Mouse: MX Master",
  "My setup:\n- Keyboard: HHKB\n- Mouse: MX Master",
  "What keyboard does Rupert use?", "hhkb", "keychron k2")
U(Z, "form_field", "Pilar", "Preferred contact method: phone", "Preferred contact method: email",
  "What is Pilar's preferred contact method?", "email", "phone")
U(Z, "sms", "Kwabena", "im at 4 Birch Rd fyi", "addr 4 parcels: 19 Canal St, flat 2",
  "What is Kwabena's address?", "19 canal st", "4 birch rd")
U(Z, "reply_to_question", "Agathe", "> Where do you do your food shop?\nMostly Carrefour.",
  "> And the weekly food shopping?\nThe Monoprix by the office, every time.",
  "Where does Agathe do her food shopping?", "monoprix", "carrefour")

# ---------------------------------------------------------------- embedded
E = "embedded"
U(E, "first_person", "Hamza", "I work at a bike shop in Bristol.",
  "Long week. My sister came to stay and we did the SS Great Britain, which was great. I've also started a new job with the council's transport team, so no more bike shop Saturdays. Anyway, the cat is fine and says hi.",
  "Where does Hamza work?", "transport team", "work at a bike shop")
U(E, "chatty", "Rosalie", "I teach piano from my front room, mostly kids.",
  "Ok quick life update! The garden is finally done, I went with the wildflower mix. Piano lessons are happening at the community hall now instead of at home because the neighbours complained lol. And Dad's birthday was lovely.",
  "Where does Rosalie teach piano?", "community hall", "from my front room")
U(E, "terse", "Ulrich", "Car: VW Golf, diesel.",
  "Week notes: boiler serviced. Passport renewed. Car is a Skoda Enyaq now, electric. Dentist 3pm Thurs.",
  "What car does Ulrich drive?", "skoda enyaq", "vw golf")
U(E, "formal", "Adaeze", "I am currently based in our Nairobi office.",
  "Thank you for the minutes from Tuesday's meeting. I have reviewed the budget figures and have no further comments. Please note that I am now based in the Kigali office, so correspondence should be addressed accordingly. I look forward to the next session.",
  "Which office is Adaeze based in?", "kigali", "nairobi office")
U(E, "lowercase_typos", "Finnegan", "i play bass in a covers band called the loose ends",
  "havent been online much sorry. works been mental and my nan was in hospital but shes ok now. oh and i left the loose ends, im drumming for a jazz trio now which is way more my thing. anyway how r u",
  "What band does Finnegan play in?", "drumming for a jazz trio", "play bass in a covers band")
U(E, "voice_transcript", "Lowell", "my blood pressure meds are amlodipine five milligrams",
  "okay so the appointment went fine um they checked my feet and the diabetes stuff looks okay and um she changed the blood pressure one to ramipril because of the ankle swelling and then I went and got a coffee with Pat",
  "What blood pressure medication is Lowell on?", "ramipril", "amlodipine")
U(E, "non_native", "Sebastián", "I live with two roommates in a flat in Moabit.",
  "The weather in Berlin is so grey this week. I find finally a good Spanish restaurant near Alexanderplatz! Also I am living alone now in a small studio in Neukölln, the roommates was too noisy. Next week my parents come to visit.",
  "Where does Sebastián live?", "neukölln", "two roommates in a flat in moabit")
U(E, "technical", "Keziah", "Our frontend is deployed to Netlify.",
  "Sprint recap: we closed 23 tickets and fixed the flaky auth tests. Frontend hosting moved to Cloudflare Pages on Wednesday. Next up is the design system audit. Retro is Friday at 2.",
  "Where is Keziah's team's frontend hosted?", "cloudflare pages", "netlify")
U(E, "third_person", "Mercedes", "Mercedes volunteers at the food bank on Saturdays.",
  "Catch-up notes on Mercedes: daughter starting uni in Glasgow. Mercedes now volunteers at the animal shelter on Saturday mornings instead. Still doing the half marathon in October. Wants the lasagne recipe.",
  "Where does Mercedes volunteer?", "animal shelter", "food bank")
U(E, "we", "Torvald", "We heat the house with an oil boiler.",
  "Big few months for us. We put solar panels on the roof and swapped the oil boiler for a heat pump. The kids both joined scouts. And we finally painted the hallway.",
  "How does Torvald's household heat the house?", "heat pump", "heat the house with an oil boiler")
U(E, "reason_before", "Eun-ji", "My Saturday job is at the garden centre.",
  "Exams are coming up so I'm revising loads. Because the garden centre cut weekend hours, I've taken a Saturday job at the cinema instead. Mum says hi. I still haven't fixed my bike.",
  "Where does Eun-ji work on Saturdays?", "cinema", "job is at the garden centre")
U(E, "reason_after", "Pádraig", "My mortgage is with Nationwide on a two-year fix.",
  "The renovation is nearly finished, just the skirting left. We remortgaged with Halifax last month, the five-year fix was a much better rate. The dog's been to the groomer. Talk soon.",
  "Who is Pádraig's mortgage with?", "halifax", "nationwide")
U(E, "emoji_slang", "Zuri", "my phone plan is the 10gb one lol 📱",
  "omg this week 😭 failed my theory test by ONE point. got a new plant tho 🌱 upgraded to unlimited data finally 🙌 and my cousin's engaged!! anyway wbu",
  "What phone data plan does Zuri have?", "unlimited", "10gb")
U(E, "email", "Cornelius", "I report to the regional director, Sandra Kells.",
  "Hi Mo,\n\nThanks for sending the Q3 numbers over. I've had a look and they seem fine. FYI, after the reshuffle I report directly to the COO, Faisal Rahman, rather than to the regional team. Can we catch up next week about the warehouse lease?\n\nCheers,\nCornelius",
  "Who does Cornelius report to?", "faisal rahman", "sandra kells")
U(E, "bullet_list", "Aoife", "I'm learning Italian on Tuesday evenings.",
  "Updates:\n- finished the kitchen tiles\n- Italian class is Monday evenings now\n- Grandad's 90th is on the 12th\n- need a new kettle",
  "When is Aoife's Italian class?", "monday evenings", "tuesday evenings")
U(E, "diary", "Rasmus", "Started the couch-to-5k plan, week 2.",
  "Sunday. Rain all day. Made a huge pot of chilli. Did the week 6 run this morning — 25 minutes without stopping! Called Mum, she's fine.",
  "Which week of couch-to-5k is Rasmus on?", "week 6", "week 2")
U(E, "quoted_speech", "Nadège", "I always say \"I'm a Manchester girl\" because I live in Didsbury.",
  "At the reunion someone asked where I'm based and I said, \"Oh, I moved to Bristol in the summer, Clifton.\" Then we talked about old teachers for ages. Someone brought the yearbook. It was lovely.",
  "Where does Nadège live?", "bristol", "didsbury")

# ---------------------------------------------------------------- negation_only
G = "negation_only"
U(G, "first_person", "Cassius", "I smoke about ten a day.",
  "I quit smoking in March and haven't had one since.",
  "Does Cassius smoke?", "quit", "ten a day")
U(G, "chatty", "Marnie", "I have a Netflix subscription, mostly for the baking shows.",
  "Honestly I cancelled Netflix last week, I was paying for something I never watched haha.",
  "Does Marnie have a Netflix subscription?", "cancelled", "netflix subscription")
U(G, "terse", "Renske", "Allergy meds: cetirizine daily.", "Cetirizine — stopped. Not needed since the move.",
  "Does Renske take allergy medication?", "stopped", "cetirizine daily")
U(G, "formal", "Wilfred", "I serve as a trustee of the village hall charity.",
  "I wish to inform you that I have stepped down from the board of the village hall charity and no longer serve as a trustee.",
  "Is Wilfred a trustee of the village hall charity?", "no longer", "trustee of the village hall")
U(G, "lowercase_typos", "Brandi", "i bite my nails so bad",
  "havent bit my nails in like 3 months!! finaly broke the habit",
  "Does Brandi bite her nails?", "broke the habit", "bite my nails so bad")
U(G, "voice_transcript", "Alonzo", "I drive for Uber on the weekends for extra cash",
  "yeah I'm not doing the Uber thing anymore um it just wasn't worth the petrol",
  "Does Alonzo drive for Uber?", "not doing the uber thing", "drive for uber on the weekends")
U(G, "non_native", "Leticia", "I am going to the church choir every Sunday.",
  "I don't go to the choir anymore, my knees cannot stand so long.",
  "Does Leticia sing in the church choir?", "don't go", "church choir every sunday")
U(G, "technical", "Siddharth", "We run nightly end-to-end tests against staging.",
  "Nightly e2e runs are switched off — too flaky, we dropped them.",
  "Does Siddharth's team run nightly end-to-end tests?", "switched off", "nightly end-to-end tests")
U(G, "third_person", "Odalys", "Odalys takes the kids to swimming on Wednesdays.",
  "Odalys has given up the Wednesday swimming run; the kids lost interest.",
  "Does Odalys take the kids swimming on Wednesdays?", "given up", "takes the kids to swimming")
U(G, "we", "Kalani", "We have a weekly Friday pizza night with the neighbours.",
  "We don't do the pizza nights with the neighbours anymore since they moved away.",
  "Does Kalani's household have a pizza night with the neighbours?", "don't do", "weekly friday pizza night")
U(G, "reason_before", "Jarrah", "I play squash twice a week at the uni courts.",
  "After the shoulder injury, I've had to give up squash completely.",
  "Does Jarrah play squash?", "give up", "play squash twice a week")
U(G, "reason_after", "Elodie", "I'm on propranolol for my migraines.",
  "I came off the migraine tablets last month — the headaches have basically gone.",
  "Does Elodie take anything for her migraines?", "came off", "on propranolol")
U(G, "emoji_slang", "Braxton", "ride or die for my tiktok shop side hustle 💸",
  "closed the tiktok shop 🫡 not worth the stress",
  "Does Braxton run a TikTok shop?", "closed", "side hustle")
U(G, "sms", "Minh", "still payin 4 spotify family", "cancelled spotify fam, no1 used it",
  "Does Minh pay for Spotify Family?", "cancelled", "payin 4 spotify family")
U(G, "diary", "Constance", "Wrote my morning pages again — three pages, every single day this year.",
  "Nov 2. Haven't done morning pages in weeks. I think I've let that go, and I'm okay with it.",
  "Does Constance write morning pages?", "let that go", "morning pages again")
U(G, "self_correction", "Gideon", "I'm allergic to penicillin, by the way.",
  "Correction to what I said before — turns out I'm not allergic to penicillin after all, the allergy test was negative.",
  "Is Gideon allergic to penicillin?", "not allergic", "penicillin, by the way")
U(G, "email", "Rosamund", "I'll be on the Tuesday coffee rota as usual.",
  "Hi all,\nPlease take me off the coffee rota — now that my hours have changed I can't cover Tuesdays.\nThanks, Rosamund",
  "Is Rosamund on the coffee rota?", "take me off", "tuesday coffee rota")

# ================================================================ controls
R = "relative_subject"
C(R, "first_person", "Matthias", "I live in Freiburg.", "My brother just moved to Hamburg for his new job.",
  "Where does Matthias live?", "freiburg", "live in freiburg")
C(R, "chatty", "Lorelei", "I'm a paediatric nurse at the Royal.",
  "My best friend just quit nursing to become a teacher, can you believe it?!",
  "What is Lorelei's job?", "paediatric nurse", "paediatric nurse")
C(R, "terse", "Dagny", "Diet: vegan.", "Partner: went keto.",
  "What is Dagny's diet?", "vegan", "diet: vegan")
C(R, "formal", "Cornelia", "I am employed by the Ministry of Transport as a policy analyst.",
  "My husband has accepted a position with the Ministry of Finance.",
  "Who does Cornelia work for?", "ministry of transport", "ministry of transport")
C(R, "lowercase_typos", "Jaxon", "i drive a beat up honda civic", "my gf just got a brand new tesla lol jelous",
  "What car does Jaxon drive?", "civic", "honda civic")
C(R, "voice_transcript", "Rosemarie", "I've got the one cat Biscuit she's fourteen now",
  "and my daughter um she's just got two kittens so her place is chaos right now",
  "How many cats does Rosemarie have?", "one cat", "one cat biscuit")
C(R, "non_native", "Oksana", "I work in the bakery from 5 in the morning.",
  "My husband is now working the night shift in the factory, from 10 in the evening.",
  "When does Oksana start work?", "5 in the morning", "from 5 in the morning")
C(R, "technical", "Viktor", "I'm on the platform team, mostly Terraform.",
  "Jess from my team moved over to the data team last week.",
  "Which team is Viktor on?", "platform team", "platform team")
C(R, "third_person", "Saanvi", "Saanvi runs 10k every Sunday.", "Saanvi's husband has started running 5k on Sundays too.",
  "How far does Saanvi run on Sundays?", "10k", "runs 10k")
C(R, "we", "Eleni", "We live in a flat near the harbour in Piraeus.",
  "Our upstairs neighbours moved to central Athens last month.",
  "Where does Eleni live?", "piraeus", "near the harbour")
C(R, "reason_after", "Ibrahim", "I'm on the 7am shift at the depot.",
  "My cousin's switched to the late shift at the depot — he says it's better money.",
  "What shift does Ibrahim work?", "7am", "7am shift")
C(R, "emoji_slang", "Mackenzie", "single and thriving 💅", "my sister just got ENGAGED 💍😭😭",
  "What is Mackenzie's relationship status?", "single", "single and thriving")
C(R, "sms", "Tevita", "im in Auckland", "mum moved 2 Wellington ystrdy",
  "Where does Tevita live?", "auckland", "in auckland")
C(R, "diary", "Henrietta", "Another day on the library desk — I love this job.",
  "Jan 9. Ellie told me over lunch that she's leaving the library to retrain as a plumber. Brave!",
  "Where does Henrietta work?", "library", "library desk")

A = "additive"
C(A, "first_person", "Callum", "I speak English and French.", "I've started learning Portuguese too.",
  "What language is Callum learning?", "portuguese", "english and french")
C(A, "chatty", "Rhiannon", "I have a golden retriever called Bramble.",
  "We adopted a rescue cat last weekend, Bramble is very confused lol.",
  "What cat did Rhiannon adopt?", "rescue cat", "golden retriever called bramble")
C(A, "terse", "Yannick", "Office: Mon–Wed.", "WFH: Thu–Fri.",
  "Which days does Yannick work from home?", "thu–fri", "office: mon–wed")
C(A, "formal", "Seraphina", "I hold a Bachelor's degree in Economics.",
  "I have recently completed a Master's in Data Science.",
  "What postgraduate degree does Seraphina have?", "master's in data science", "bachelor's degree in economics")
C(A, "lowercase_typos", "Dakota", "i play guitar", "also picked up ukulele over the summer its so fun",
  "What instrument did Dakota pick up over the summer?", "ukulele", "play guitar")
C(A, "voice_transcript", "Alfonso", "I take the vitamin D every morning",
  "and um the doctor added iron tablets as well so those are with lunch",
  "What does Alfonso take with lunch?", "iron", "vitamin d")
C(A, "non_native", "Mei", "I have one son, he is seven.", "We have a new baby girl, she is born last week!",
  "Has Mei had a new baby?", "baby girl", "one son")
C(A, "technical", "Greta", "We use Sentry for error tracking.", "Added Datadog for APM and metrics, alongside the existing setup.",
  "What does Greta's team use for APM?", "datadog", "sentry for error tracking")
C(A, "third_person", "Emilio", "Emilio volunteers at the hospice on Mondays.",
  "Emilio has also started helping at the food bank on Thursdays.",
  "Where does Emilio help on Thursdays?", "food bank", "hospice on mondays")
C(A, "we", "Ngaio", "We grow tomatoes and courgettes in the back garden.",
  "This year we've added a raised bed for strawberries too.",
  "What fruit did Ngaio's household add to the garden this year?", "strawberries", "tomatoes and courgettes")
C(A, "reason_before", "Maximilian", "I cycle to work.", "When it's pouring, I take the tram to work as well.",
  "How does Maximilian get to work when it rains?", "tram", "cycle to work")
C(A, "bullet_list", "Azadeh", "Hobbies:\n- pottery\n- hiking", "Newer hobbies:\n- bouldering (since spring)",
  "What hobby did Azadeh take up in spring?", "bouldering", "pottery")
C(A, "email", "Florian", "I manage the Berlin and Vienna accounts.",
  "Hi team,\nJust confirming that in addition to my current accounts I'll be taking on Zurich from next quarter.\nBest, Florian",
  "Which new account is Florian taking on?", "zurich", "berlin and vienna accounts")
C(A, "quoted_speech", "Winifred",
  "I always tell the grandkids, \"Grandma's got her allotment and her bridge club.\"",
  "My friend said, \"You should join the walking group too,\" so I did — Thursdays, on top of everything else.",
  "What group did Winifred join?", "walking group", "bridge club")

O = "other_slot"
C(O, "first_person", "Dorothea", "I ride a Vespa scooter to work.",
  "The scooter had its MOT today and passed with no advisories.",
  "What scooter does Dorothea ride?", "vespa", "vespa scooter")
C(O, "chatty", "Winston", "My flat's in Shoreditch, tiny but I love it.",
  "The flat finally got a new boiler, hot showers are back baby!",
  "Where is Winston's flat?", "shoreditch", "shoreditch")
C(O, "terse", "Halvard", "Laptop: Dell XPS 15.", "Laptop RAM: 16 → 32GB.",
  "What laptop does Halvard have?", "dell xps", "dell xps 15")
C(O, "formal", "Genevieve", "I am a partner at Whitcombe & Lyle LLP.",
  "I am based in the firm's Edinburgh office.",
  "What is Genevieve's position at her firm?", "partner", "partner at whitcombe")
C(O, "lowercase_typos", "Kaylee", "my dog is a beagle called ziggy", "ziggy turned 5 yesterday, got him a pupcake lol",
  "What breed is Kaylee's dog?", "beagle", "beagle called ziggy")
C(O, "voice_transcript", "Bartosz", "I work at the hospital in the pharmacy",
  "um my hours at the hospital are like eight till four mostly weekdays",
  "Which department does Bartosz work in?", "pharmacy", "in the pharmacy")
C(O, "non_native", "Aigerim", "My daughter is studying medicine in Almaty.",
  "My daughter is now in the fourth year already.",
  "What does Aigerim's daughter study?", "medicine", "studying medicine")
C(O, "technical", "Nikhil", "Our service is written in Golang.",
  "We moved the service's deploys to Kubernetes last week.",
  "What language is Nikhil's service written in?", "golang", "written in golang")
C(O, "third_person", "Anwen", "Anwen plays the cello in the county orchestra.",
  "Anwen has moved up to first desk in the orchestra.",
  "What instrument does Anwen play?", "cello", "plays the cello")
C(O, "we", "Zbigniew", "We bank with PKO.", "We switched our joint account to paperless statements.",
  "Which bank does Zbigniew's household use?", "pko", "bank with pko")
C(O, "reason_after", "Itzel", "I'm a secondary school maths teacher.",
  "I'm teaching the top set this year because the head of department left.",
  "What subject does Itzel teach?", "maths", "maths teacher")
C(O, "emoji_slang", "Trinity", "my cat Luna is a ragdoll 😻", "Luna's on a diet now 😹 vet said she's chonky",
  "What breed is Trinity's cat?", "ragdoll", "ragdoll")
C(O, "form_field", "Osman", "Employer: Halden Logistics",
  "Job title: Operations Analyst -> Senior Operations Analyst",
  "Who does Osman work for?", "halden", "employer: halden logistics")
C(O, "reply_to_question", "Ysolde", "> Where do you live?\nIn Lyon, near Part-Dieu.",
  "> Do you rent or own?\nRent, for now.",
  "Where does Ysolde live?", "lyon", "in lyon")

W = "same_word_other_thing"
C(W, "first_person", "Emrys", "My work laptop is a ThinkPad T14.", "I bought a MacBook Air for personal stuff.",
  "What is Emrys's work laptop?", "thinkpad", "thinkpad t14")
C(W, "chatty", "Roxanne", "My doctor is Dr. Patel at the Elm Street surgery.",
  "Took Pepper to her doctor today — the vet, Dr. Huang, says she's totally fine!",
  "Who is Roxanne's doctor?", "patel", "dr. patel")
C(W, "terse", "Joaquín", "Personal email: Gmail.", "Work email → Outlook (IT migration).",
  "What does Joaquín use for personal email?", "gmail", "personal email: gmail")
C(W, "formal", "Thomasina", "My personal accounts are held with Barclays.",
  "The business account for my consultancy has been opened with Tide.",
  "Which bank holds Thomasina's personal accounts?", "barclays", "barclays")
C(W, "lowercase_typos", "Brayden", "my phone is a samsung s23",
  "got a work phone, its an iphone 15, so now i carry two lol",
  "What is Brayden's personal phone?", "samsung", "samsung s23")
C(W, "voice_transcript", "Gloria", "my dentist is um Dr. Fenwick in town",
  "the kids' dentist is a different one um Dr. Sato she's great with them",
  "Who is Gloria's own dentist?", "fenwick", "dr. fenwick")
C(W, "non_native", "Tadeusz", "My English course is on Monday evening.",
  "My daughter's English course is on Wednesday, after the school.",
  "When is Tadeusz's English course?", "monday", "monday evening")
C(W, "technical", "Ayodele", "Our backend repo is on GitHub.", "The design team's repo lives in GitLab.",
  "Where is Ayodele's team's backend repo hosted?", "github", "backend repo is on github")
C(W, "third_person", "Ignacio", "Ignacio's running shoes: Asics Novablast.",
  "Ignacio bought new walking shoes for the Camino — Merrell Moab.",
  "What running shoes does Ignacio wear?", "novablast", "asics novablast")
C(W, "we", "Parisa", "Our main fridge is a Bosch in the kitchen.",
  "We've put a second-hand beer fridge in the garage, it's a Beko.",
  "What brand is the fridge in Parisa's kitchen?", "bosch", "bosch in the kitchen")
C(W, "reason_before", "Obadiah", "My gym membership is at PureGym on the high street.",
  "Since the kids wanted to swim, we got them a membership at the leisure centre pool.",
  "Which gym does Obadiah go to?", "puregym", "puregym")
C(W, "emoji_slang", "Jade", "my bf's birthday is 14 feb 💘 lucky me", "MY birthday's in june btw 🎂 gemini queen",
  "When is Jade's boyfriend's birthday?", "14 feb", "14 feb")
C(W, "diary", "Evander", "Usual shift at the café — I do the early one, 6 till 2.",
  "Sept 4. Started my second job tonight, a bar shift 7 till 11 at the Anchor.",
  "What shift does Evander work at the café?", "6 till 2", "6 till 2")
C(W, "sms", "Makoa", "my bike = the blue commuter", "kids bike got nicked 😡 getting her a new 1 sat",
  "What bike does Makoa ride?", "blue commuter", "blue commuter")

P = "hypothetical_or_plan"
C(P, "first_person", "Solomon", "I'm with Octopus for energy.",
  "I'm thinking about switching to a fixed tariff with British Gas, but I haven't decided.",
  "Who is Solomon's energy supplier?", "octopus", "octopus")
C(P, "chatty", "Clodagh", "Living in Galway and loving it.",
  "Might move to Dublin if this job comes through, fingers crossed but who knows!",
  "Where does Clodagh live?", "galway", "galway")
C(P, "terse", "Torben", "Stack: Django + Postgres.", "Considering: FastAPI rewrite? TBD Q4.",
  "What web framework does Torben's stack use?", "django", "django")
C(P, "formal", "Prudence", "I work four days a week.",
  "Should the company approve my request, I would return to full-time hours in the new year.",
  "How many days a week does Prudence work?", "four days", "four days a week")
C(P, "lowercase_typos", "Lexi", "i work at starbucks on weekends",
  "if i get the internship id prob quit starbucks tbh",
  "Where does Lexi work on weekends?", "starbucks", "starbucks on weekends")
C(P, "voice_transcript", "Norbert", "I've got the allotment at Ferndale",
  "I've been um wondering if I should give up the allotment and just do pots on the patio you know but not yet",
  "Where is Norbert's allotment?", "ferndale", "allotment at ferndale")
C(P, "non_native", "Bolat", "I am living in Astana with my wife.",
  "Maybe next year we will move to Almaty, it depends from my work.",
  "Where does Bolat live?", "astana", "astana")
C(P, "technical", "Ingeborg", "CI is GitHub Actions.",
  "We're spiking a move to Dagger for CI next sprint; nothing has changed yet.",
  "What CI does Ingeborg's team use?", "github actions", "github actions")
C(P, "third_person", "Lucian", "Lucian drives a Volvo estate.",
  "Lucian is test-driving a Polestar this weekend, might buy it if the price is right.",
  "What car does Lucian drive?", "volvo", "volvo estate")
C(P, "we", "Khadija", "We send our youngest to Little Stars nursery.",
  "We're visiting Acorn Montessori next week in case we want to move her in September.",
  "Which nursery does Khadija's youngest go to?", "little stars", "little stars")
C(P, "reason_after", "Vasco", "I'm on the £30 broadband package.",
  "I'd upgrade to the gigabit one if I started streaming more, but for now there's no point.",
  "Which broadband package is Vasco on?", "£30", "£30 broadband")
C(P, "emoji_slang", "Kehlani", "dyed my hair pink 🩷", "lowkey considering going blonde next 👀 idk yet",
  "What colour is Kehlani's hair?", "pink", "hair pink")
C(P, "email", "Bertrand", "I'm the site lead for the Lille warehouse.",
  "Dear Marc,\nIf the restructuring goes ahead, I may be asked to take over the Rouen site instead. Nothing is confirmed.\nRegards, Bertrand",
  "Which site is Bertrand the lead for?", "lille", "lille warehouse")
C(P, "quoted_speech", "Esi", "I'm a nurse at Korle Bu hospital.",
  "My husband keeps saying, \"You should go and work in the UK,\" and honestly I'm tempted.",
  "Where does Esi work?", "korle bu", "korle bu")


def build():
    for i, it in enumerate(ITEMS, 1):
        it["id"] = "w%03d" % i
    order = ["id", "class", "style", "speaker", "before", "after", "q", "new", "old", "keep"]
    full = [{k: it[k] for k in order if k in it} for it in ITEMS]
    # split: stratified by class and style. Items are visited class by class (styles sorted
    # within a class); each goes to whichever half is currently short on its class, then on
    # its style; ties alternate. Result: per-class |dev-held| <= 1, per-style |dev-held| small.
    cnt = defaultdict(int)
    dev_ids, held_ids = set(), set()
    tie = 0
    for r in sorted(full, key=lambda r: (r["class"], r["style"], r["id"])):
        c, s = ("c", r["class"]), ("s", r["style"])
        dc = cnt[("dev",) + c] - cnt[("held",) + c]
        ds = cnt[("dev",) + s] - cnt[("held",) + s]
        if dc != 0:
            side = "held" if dc > 0 else "dev"
        elif ds != 0:
            side = "held" if ds > 0 else "dev"
        else:
            side = "dev" if tie == 0 else "held"
            tie ^= 1
        (dev_ids if side == "dev" else held_ids).add(r["id"])
        cnt[(side,) + c] += 1
        cnt[(side,) + s] += 1
    dev = [r for r in full if r["id"] in dev_ids]
    held = [r for r in full if r["id"] in held_ids]
    for name, data in (("updates6.json", full), ("updates6.dev.json", dev), ("updates6.held.json", held)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.write("\n")
    print("full", len(full), "dev", len(dev), "held", len(held))


if __name__ == "__main__":
    build()
