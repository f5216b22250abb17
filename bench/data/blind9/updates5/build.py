#!/usr/bin/env python3
"""Build updates5 from hand-written items. Run: python3 build.py"""
import json, os
from collections import defaultdict

S = dict(fp="first_person", ch="chatty", te="terse", fo="formal", lt="lowercase_typos",
         vt="voice_transcript", nn="non_native", tc="technical", tp="third_person", we="we",
         rb="reason_before", ra="reason_after", em="emoji_slang")

# (style, speaker, before, after, q, new, old)  for updates
UPDATES = {
"move_named": [
("fp","Tomasz","I bank with Barclays, have done since uni.","Finally moved my current account over to Monzo last week.","Which bank does Tomasz use?","monzo","barclays"),
("ch","Aaliyah","Honestly my whole life runs on my iPhone lol","Okay so I caved and switched to a Pixel 8, don't judge me!!","What phone does Aaliyah use?","pixel","iphone"),
("te","Bongani","gym: PureGym Holborn","gym → Third Space Soho (cancelled the old one)","Which gym does Bongani go to?","third space","puregym"),
("fo","Margarethe","Our household electricity is supplied by Octopus Energy.","Please note that our electricity supply was transferred to E.ON as of 1 March.","Which company supplies Margarethe's electricity?","e.on","octopus"),
("lt","Jayden","i play on my ps5 most nights","sold the playstaton, im gamng on a steam deck now tbh","What does Jayden play games on?","steam deck","ps5"),
("vt","Rosalind","so um we're with Vodafone for the phones and stuff","yeah so um we ditched them and went over to Three because the signal in the kitchen was just awful honestly","Which mobile network is Rosalind on?","three","vodafone"),
("nn","Huong","I am working in the Samsung office in Suwon.","From this month I change company, now I am working for LG in Seoul.","Which company does Huong work for?","lg","samsung"),
("tc","Ravi","Our monorepo builds with Webpack 5 and it takes about four minutes.","Migrated the bundler to Vite yesterday, cold builds are under 30s now.","What bundler does Ravi's team use?","vite","webpack"),
("tp","Oksana","Oksana's daughter attends Greenfield Primary.","Oksana moved her daughter to St Anne's this term.","Which school does Oksana's daughter attend?","st anne","greenfield"),
("we","Eitan","We do our weekly shop at Tesco.","We've jumped ship to Aldi for the big shop, it's half the price.","Where does Eitan's household do the weekly shop?","aldi","tesco"),
("rb","Camila","My car is insured with Admiral.","Since the renewal quote went up by £300, I moved the car insurance to Direct Line.","Who insures Camila's car?","direct line","admiral"),
("ra","Sipho","I run my 5ks at Victoria Park parkrun.","Doing Hackney Marshes parkrun on Saturdays now, because the old course got way too crowded.","Which parkrun does Sipho do?","hackney marshes","victoria park"),
("em","Zainab","obsessed w my Kindle rn 📚","traded it in for a Kobo Libra lol new era 📖✨","What e-reader does Zainab use?","kobo","kindle"),
("fp","Lachlan","I keep my savings in a Vanguard index fund.","I rolled the whole lot over into a Fidelity ISA in April.","Where does Lachlan keep his savings?","fidelity","vanguard"),
("tc","Ingrid","The team tracks tickets in Jira.","Ticket tracking lives in Linear now — the migration finished Friday.","What does Ingrid's team track tickets in?","linear","jira"),
("ch","Mateo","My go-to coffee spot is Blue Bottle on 5th.","ok new favourite coffee place alert: Stumptown by the station, I'm there every morning now","What is Mateo's go-to coffee spot?","stumptown","blue bottle"),
("te","Keiko","Dentist: Dr. Hales, Riverside Dental","Dentist changed → Dr. Osei at Parkway Smiles","Who is Keiko's dentist?","osei","hales"),
],
"new_state_unnamed_old": [
("fp","Anjali","My son is in Year 3 at the moment.","My son has just started Year 4.","What year is Anjali's son in?","year 4","year 3"),
("tc","Soren","We're running Postgres 13 in production.","Prod got bumped to the next major version over the weekend, we're on 14 now.","What Postgres version does Soren's team run in production?","14","postgres 13"),
("ch","Beatriz","I'm a junior designer at a small agency.","Guess who got promoted!! Senior designer as of today, I'm still shaking","What is Beatriz's job title?","senior","junior"),
("fo","Reginald","I currently hold the rank of Lieutenant.","I have recently been promoted to the rank of Captain.","What rank does Reginald hold?","captain","lieutenant"),
("lt","Kayla","im a blue belt in bjj","got my purple belt last nite!!! finaly","What belt is Kayla in BJJ?","purple","blue belt"),
("vt","Robert","my name is um Robert but like everyone calls me Bobby","so yeah I actually go by Rob now the old nickname felt kinda like a kid's name you know","What name does Robert go by?","go by rob","bobby"),
("nn","Yusuf","I am 34 years old.","Yesterday was my birthday, so now I have 35 years.","How old is Yusuf?","35","34"),
("tp","Greta","Greta is studying for her Grade 5 piano exam.","Greta passed and has moved on to Grade 6 material.","What piano grade is Greta working on?","grade 6","grade 5"),
("we","Nikolai","We've been renting a flat in town for years.","We're back to living with my parents while we save for a deposit.","Where does Nikolai live?","parents","renting a flat"),
("rb","Imani","I'm on the free tier of Spotify.","Because the ads were driving me insane, I upgraded to Premium.","Which Spotify plan does Imani have?","premium","free tier"),
("ra","Hamid","I work nights at the hospital.","I'm back on day shifts, since the night rota was wrecking my sleep.","What shifts does Hamid work?","day shift","nights"),
("em","Lulu","still on my L plates 😭","PASSED MY DRIVING TEST 🚗🔥 full licence baby","Does Lulu have a full driving licence?","full licence","l plates"),
("te","Ferdinand","Laptop OS: macOS Ventura","OS updated → Sonoma","What macOS version is on Ferdinand's laptop?","sonoma","ventura"),
("fp","Chiamaka","I'm in my second year of nursing school.","I just started my final year of the nursing degree.","What year of nursing school is Chiamaka in?","final year","second year"),
("tc","Wen","The mobile app is at version 3.2 in the store.","Shipped the next release today; the store listing shows 3.3.","What version of the app is live in Wen's store listing?","3.3","3.2"),
("ch","Oluwaseun","I'm a total beginner at climbing, still on the V0s.","omg I sent my first V2 today, officially not a beginner anymore haha","What climbing grade is Oluwaseun at?","v2","v0s"),
("lt","Brody","my handicap is 18","handicaps down to 14 now after the club comp","What is Brody's golf handicap?","14","18"),
],
"frequency_amount": [
("fp","Astrid","I run three times a week.","I've bumped it up to five runs a week for marathon training.","How often does Astrid run?","five","three times"),
("ch","Darnell","Rent's £1,100 a month, which honestly isn't bad for the area.","Ugh, landlord just put the rent up to £1,250. Fun times.","How much is Darnell's rent?","1,250","1,100"),
("te","Mirela","Sertraline 50mg daily","sertraline ↑ 100mg/day (GP review 12 Feb)","What dose of sertraline does Mirela take?","100mg","50mg"),
("fo","Cornelius","My annual salary is £48,000.","Following my review, my annual salary has been revised to £52,500.","What is Cornelius's salary?","52,500","48,000"),
("lt","Tayla","i walk the dog twice a day","only walkin her once a day now, shes 14 and her hips r bad","How often does Tayla walk her dog?","once a day","twice"),
("vt","Gustavo","we um we get the veg box every week from the farm","so we've actually cut it back to every other week cause half of it was going off","How often does Gustavo get the veg box?","every other week","every week"),
("nn","Takumi","I drink four cups of coffee in one day.","Now I reduce, only one cup in the morning.","How many cups of coffee does Takumi drink a day?","one cup","four cups"),
("tc","Ebru","Our API rate limit is 100 requests per minute per key.","We raised the per-key limit to 500 rpm after the partner complained.","What is the API rate limit on Ebru's team?","500","100 requests"),
("tp","Anselm","Anselm puts £200 a month into his pension.","Anselm increased his pension contributions to £350 monthly.","How much does Anselm put into his pension?","350","£200"),
("we","Amara","We're a team of six engineers.","Two people joined on Monday, so we're eight engineers now.","How many engineers are on Amara's team?","eight","six"),
("rb","Pieter","I swim twice a week at the leisure centre.","With the new pool opening right by my office, I swim four times a week now.","How often does Pieter swim?","four times","twice"),
("ra","Noor","My grocery budget is $120 a week.","I've cut the grocery budget to $90 a week because my hours got reduced.","What is Noor's weekly grocery budget?","$90","$120"),
("em","Jaylen","screen time like 7 hrs a day 💀","got it down to 3hrs/day 😤 growth","How much screen time does Jaylen have per day?","3hrs","7 hrs"),
("fp","Roisin","I do piano practice for twenty minutes every evening.","I've been managing a full hour of practice each evening lately.","How long does Roisin practise piano each evening?","full hour","twenty minutes"),
("te","Thandiwe","Cat food: 2 pouches/day","Vet says 3 pouches/day from now (she's underweight)","How many pouches of food does Thandiwe's cat get per day?","3 pouches","2 pouches"),
("ch","Svetlana","I'm doing like 10k steps a day, pretty proud tbh","Raised my goal again — 15k steps a day now, my feet hate me","What is Svetlana's daily step goal?","15k","10k"),
("tc","Kwame","Nightly backups are kept for 7 days.","Retention on nightly backups is 30 days now per the new compliance policy.","How long are nightly backups kept on Kwame's team?","30 days","7 days"),
],
"habit_order": [
("fp","Helga","I shower first thing, then have breakfast.","These days I eat breakfast before I shower.","Does Helga shower before or after breakfast?","before i shower","shower first thing"),
("tc","Arjun","We write the code first and add tests at the end of the sprint.","Team switched to writing tests before any implementation code.","When does Arjun's team write tests?","before any implementation","at the end of the sprint"),
("ch","Bianca","I always do my workout in the evening after work","Okay I've become a morning gym person?? 6am sessions now, who even am I","When does Bianca work out?","6am","in the evening"),
("fo","Alistair","I review my correspondence at the end of each working day.","I now attend to my correspondence first thing each morning, before any meetings.","When does Alistair deal with his correspondence?","first thing each morning","end of each working day"),
("lt","Destiny","i do homework after dinner","been doin hw rite after school now b4 dinner so my evenings r free","When does Destiny do her homework?","after school","after dinner"),
("vt","Ewan","I walk the dog and then um go for my run after","so now I actually do the run first and then take the dog out after because she was slowing me down","Does Ewan run before or after walking the dog?","run first","walk the dog and then"),
("nn","Mei","Every Sunday I do the cleaning of the apartment.","I change my routine, now the cleaning I do on Saturday morning.","When does Mei clean her apartment?","saturday","every sunday"),
("tp","Rashid","Rashid takes his blood pressure pill at night.","Rashid's GP moved his blood pressure tablet to the morning.","When does Rashid take his blood pressure medication?","morning","at night"),
("we","Ottilie","We deploy to production every Friday afternoon.","We've moved release day to Tuesdays — no more Friday deploys.","What day does Ottilie's team deploy?","tuesday","friday afternoon"),
("rb","Saoirse","I read in bed before going to sleep.","Since it kept me awake, I read on my lunch break instead now.","When does Saoirse read?","lunch break","in bed"),
("ra","Ignacio","I do the big food shop on Saturday mornings.","Big shop is Wednesday evenings now, because on Saturdays the store is a zoo.","When does Ignacio do his food shop?","wednesday","saturday mornings"),
("em","Kiki","gym then coffee ☕ every morning","nah coffee FIRST now ☕➡️🏋️ gym after, can't function otherwise 😂","Does Kiki have coffee before or after the gym?","coffee first","gym then coffee"),
("te","Viktor","Standup 9:30, then code review block","Order swapped: code review 9:00 → standup 10:00","When is Viktor's standup?","10:00","9:30"),
("fp","Leilani","I pay my credit card off at the end of each month.","I've started paying the card off every Friday so I never carry a balance.","When does Leilani pay off her credit card?","every friday","end of each month"),
("tc","Bruno","We run the DB migration after the app deploy.","Pipeline now applies migrations before the new app version rolls out.","When do database migrations run in Bruno's pipeline?","before the new app","after the app deploy"),
("ch","Paloma","My Sunday thing is laundry in the morning and the farmers market after lunch.","Swapped my Sundays around — market first thing so I get the good bread, laundry in the afternoon.","When does Paloma go to the farmers market?","first thing","after lunch"),
("nn","Dmitri","I study English after work, in the evening.","Now I study English in the early morning before my job, my brain is more fresh.","When does Dmitri study English?","early morning","in the evening"),
],
"category_word": [
("fp","Harriet","I eat pretty much everything, no restrictions.","I've gone fully vegan as of January.","What is Harriet's diet?","vegan","no restrictions"),
("ch","Jules","Still single and loving it honestly","So... I'm seeing someone! It's early days but we're officially dating 🙈","What is Jules's relationship status?","dating","single"),
("te","Magnus","Employment: full-time, Deloitte","Employment: freelance consultant (left Deloitte)","What is Magnus's employment status?","freelance","full-time"),
("fo","Philippa","I am employed as a secondary school teacher.","I retired from teaching at the end of the summer term.","What is Philippa's employment status?","retired","employed as"),
("lt","Mackenzie","im engaged!! weddings next june","we got married on saturday omg im a wife","What is Mackenzie's relationship status?","married","engaged"),
("vt","Thabo","I'm a student at uh UCT doing engineering","so I finally graduated last month um so I'm a graduate now working at an engineering firm","Is Thabo a student or a graduate?","graduate","a student"),
("nn","Aigerim","I am married, my husband is Arman.","Last year we are divorced, now I live alone with my daughter.","What is Aigerim's marital status?","divorced","married"),
("tc","Femi","I'm a backend engineer on the payments team.","I moved into engineering management — I manage the payments team now, no more IC work.","What is Femi's role?","management","backend engineer"),
("tp","Corinne","Corinne is pescatarian.","Corinne has started eating meat again.","What is Corinne's diet?","eating meat","pescatarian"),
("we","Benedikt","We rent our place.","We're homeowners now — completed on the house yesterday!","Does Benedikt rent or own his home?","homeowner","rent"),
("rb","Ayesha","I'm self-employed, running a small bakery.","After the bakery lost its lease, I took a salaried job at a supermarket chain.","What is Ayesha's employment status?","salaried","self-employed"),
("ra","Lorenzo","I'm a smoker, about ten a day.","I'm a non-smoker now, quit because of my asthma.","Does Lorenzo smoke?","non-smoker","i'm a smoker"),
("em","Tiana","unemployed era 😩 applying everywhere","GOT THE JOB 🎉💼 full time at the agency starting monday","Is Tiana employed?","got the job","unemployed"),
("fp","Ahmed","I'm on a keto diet.","I've dropped the low-carb thing and just eat a normal balanced diet now.","What diet does Ahmed follow?","balanced","keto"),
("te","Ilse","Status: part-time (3 days)","Status → full-time from April","Does Ilse work part-time or full-time?","full-time","part-time"),
("ch","Rafferty","I'm a PhD student, third year, drowning in thesis stuff","Dr. Rafferty here 😎 viva passed, I'm officially done with the PhD","Is Rafferty still a PhD student?","officially done","phd student"),
("lt","Nadia","me and my bf live together","we broke up last month so im single again","What is Nadia's relationship status?","single","my bf"),
],
"my_new_x": [
("fp","Ciaran","My doctor is Dr. Murphy at the Westside practice.","My new GP is Dr. Okafor — I registered at the Elm Street surgery.","Who is Ciaran's doctor?","okafor","murphy"),
("ch","Esperanza","My car's a little 2012 Fiesta, she's seen things","Meet my new car!!! A red Honda Jazz and I'm obsessed","What car does Esperanza drive?","honda jazz","fiesta"),
("te","Gunnar","Phone: Galaxy S21","New phone: iPhone 15","What phone does Gunnar have?","iphone 15","galaxy s21"),
("fo","Winifred","My solicitor is Mr. Patel of Patel & Co.","My new solicitor is Ms. Fairbairn at Hollis Legal.","Who is Winifred's solicitor?","fairbairn","patel"),
("lt","Cody","my laptop is a old thinkpad","new laptop came today its a macbook air m2 so fast","What laptop does Cody have?","macbook air","thinkpad"),
("vt","Marisol","my hairdresser is um Jenna at the salon on Main","okay so my new hairdresser is this guy Theo he's at a little place near the bus station and he's amazing","Who is Marisol's hairdresser?","theo","jenna"),
("nn","Joon-ho","My address is 14 Elm Road, flat 2.","My new address is 88 Carver Street, near the university.","What is Joon-ho's address?","88 carver","14 elm"),
("tc","Yevgenia","My work laptop is a Dell XPS 13.","IT issued my new work machine today, a MacBook Pro 14 with M3.","What work laptop does Yevgenia have?","macbook pro","dell xps"),
("tp","Bartholomew","Bartholomew's personal trainer is Kris.","Bartholomew's new trainer is a woman called Adaeze.","Who is Bartholomew's personal trainer?","adaeze","kris"),
("we","Lindiwe","Our vet is the practice on Carrow Road.","Our new vet is Pawsitive Care out by the retail park.","Which vet does Lindiwe's household use?","pawsitive","carrow road"),
("rb","Fergus","My bike is a heavy old Raleigh.","Since I'm commuting 20km now, my new bike is a carbon Canyon road bike.","What bike does Fergus ride?","canyon","raleigh"),
("ra","Olamide","My email is olamide.a@hotmail.com.","My new email is olamide.adeyemi@proton.me, because the old one got hacked.","What is Olamide's email address?","proton.me","hotmail"),
("em","Priscilla","my fave show rn is Love Island 🏝️","new obsession unlocked: The Bear 🐻🍝 can't stop watching","What is Priscilla's favourite show?","the bear","love island"),
("fp","Osvaldo","My running shoes are Nike Pegasus.","My new running shoes are Hoka Cliftons and my knees are thanking me.","What running shoes does Osvaldo wear?","hoka","pegasus"),
("te","Halima","Landlord: Mr. Grant (07700 900123)","New landlord: Brightstone Lettings — house was sold","Who is Halima's landlord?","brightstone","grant"),
("ch","Quinn","My desk chair is a cheap IKEA one lol","Treated myself — my new chair is a Herman Miller Aeron, my back is in heaven","What desk chair does Quinn have?","aeron","ikea"),
("fo","Montgomery","My accountant is Mrs. Lowe of Lowe Partners.","I have appointed a new accountant, Mr. Achebe of Ridgeway Tax.","Who is Montgomery's accountant?","achebe","lowe"),
],
"second_clause": [
("fp","Gwendolyn","I drive a Ford Focus.","The Focus failed its MOT badly, so I sold it and bought a Toyota Yaris.","What car does Gwendolyn drive?","yaris","ford focus"),
("ch","Dario","I live in Bristol with two flatmates","So the lease ended and neither of them wanted to renew, long story, but anyway I'm in Cardiff now!","Where does Dario live?","cardiff","bristol"),
("te","Sunniva","Commute: train, 50 min","Train strike + price rise → cycling to work now","How does Sunniva commute?","cycling","train, 50 min"),
("fo","Archibald","I am registered with Greenway Medical Centre.","Owing to the closure of that practice, I have registered with Castle Hill Surgery.","Which medical practice is Archibald registered with?","castle hill","greenway"),
("lt","Kendra","i teach year 6 at oakfield","after the restructure they moved me so im teachin year 2 now","What year group does Kendra teach?","year 2","year 6"),
("vt","Bartek","I play five a side on Tuesdays","yeah so the Tuesday pitch got sold for flats or whatever and so we um play Thursdays now at the school","What day does Bartek play five-a-side?","thursday","on tuesdays"),
("nn","Farhan","I am living in Dubai for my job.","My contract is finished, so I came back to Dhaka and now I live with my family.","Where does Farhan live?","dhaka","dubai"),
("tc","Liesel","Our logs go to Splunk.","The renewal quote tripled, so logs ship to Grafana Loki now.","Where do Liesel's team's logs go?","loki","splunk"),
("tp","Ezekiel","Ezekiel coaches the under-10s football team.","With his son moving up an age group, Ezekiel now coaches the under-12s.","Which team does Ezekiel coach?","under-12","under-10"),
("we","Marguerite","We heat the house with an oil boiler.","The old boiler finally died in January, so we had a heat pump put in.","How does Marguerite heat the house?","heat pump","oil boiler"),
("rb","Temitope","I take the 38 bus to work.","Because they cut the 38 route, I get the Overground now.","How does Temitope get to work?","overground","38 bus"),
("ra","Rodrigo","I live in Porto.","Bit of news on my end: I'm living in Lisbon now, because my partner got a job there.","Where does Rodrigo live?","lisbon","porto"),
("em","Shay","my barber is Tony on the high street 💈","old barber retired 😢 so ive been going to Kev at Fade Lab now 💈🔥","Who is Shay's barber?","kev","tony"),
("fp","Linnea","I play cello in the community orchestra.","My wrist has been bad all year, so I've switched to singing in the choir instead.","What does Linnea do in music?","choir","cello"),
("te","Augustin","Broadband: Virgin 500Mb","Moved flat; new line = BT Full Fibre 900","Who is Augustin's broadband provider?","bt full fibre","virgin"),
("ch","Yolanda","I'm doing the couch-to-5k app, week 3","Okay so I pulled a calf muscle which was tragic, but I'm back and on week 5 now!","What week of couch-to-5k is Yolanda on?","week 5","week 3"),
("tc","Nkosana","Auth is handled by Auth0.","After the pricing change and the outage last month, we moved auth to self-hosted Keycloak.","What handles auth for Nkosana's team?","keycloak","auth0"),
],
"no_marker": [
("fp","Inmaculada","I live in Madrid.","I live in Valencia.","Where does Inmaculada live?","valencia","madrid"),
("ch","Benji","My favourite band is Arctic Monkeys, no contest","Fontaines D.C. are the best band on the planet, fight me","What is Benji's favourite band?","fontaines","arctic monkeys"),
("te","Ilya","Editor: VS Code","Editor: Neovim","What editor does Ilya use?","neovim","vs code"),
("fo","Constance","I reside at 12 Harbour View, Falmouth.","My residence is 4 Mill Lane, Truro.","Where does Constance live?","mill lane","harbour view"),
("lt","Tyrese","i work at the costa on king st","i work at pret by the staton","Where does Tyrese work?","pret","costa"),
("vt","Maud","I um do pilates on Mondays with Sue","Mondays I do yoga at the church hall um with the ladies from the choir","What does Maud do on Mondays?","yoga","pilates"),
("nn","Ana Lucía","My English level is B1.","My English level it is B2.","What is Ana Lucía's English level?","b2","b1"),
("tc","Hiroshi","Our staging env runs on Heroku.","Staging is on Fly.io.","Where is Hiroshi's staging environment hosted?","fly.io","heroku"),
("tp","Abebe","Abebe works as a pharmacist in Addis Ababa.","Abebe works as a pharmacist in Nairobi.","Where does Abebe work?","nairobi","addis ababa"),
("we","Catalina","We buy our milk at the Co-op.","We get milk delivered by the milkman on Tuesdays and Fridays.","Where does Catalina's household get milk?","milkman","co-op"),
("rb","Eleanor","I cycle to work.","It's too icy for the bike, I take the tram to work.","How does Eleanor get to work?","tram","cycle"),
("ra","Ahanu","My main camera is a Canon 5D.","My main camera is a Fujifilm X-T5, it's half the weight.","What is Ahanu's main camera?","fujifilm","canon"),
("em","Kenzie","go-to drink = iced oat latte 🧋","go-to drink = matcha 🍵💚","What is Kenzie's go-to drink?","matcha","iced oat latte"),
("fp","Torvald","My resting heart rate is around 72.","My resting heart rate is around 58.","What is Torvald's resting heart rate?","58","72"),
("te","Samira","Timezone: GMT","Timezone: GST (UTC+4)","What timezone is Samira in?","gst","gmt"),
("tc","Oisin","We pin Node 18 in CI.","CI pins Node 20.","What Node version is pinned in Oisin's CI?","node 20","node 18"),
("ch","Valentina","Saturday mornings = pottery class, my happy place","Saturday mornings are for life drawing class, honestly my happy place","What does Valentina do on Saturday mornings?","life drawing","pottery"),
],
"embedded": [
("fp","Wilhelmina","I work as a librarian at the central library.","Busy week. The kids had their school play on Thursday and Joe forgot his lines, bless him. I started at the university archive on Monday, so no more central library for me. Also the boiler is making that noise again.","Where does Wilhelmina work?","university archive","librarian"),
("ch","Malik","I'm learning Spanish on Duolingo.","Soooo much going on! Mum's birthday dinner was lovely, the lasagne was a triumph. I've dropped Spanish and I'm doing Japanese now, the kanji are killing me. Oh and the cat has a new favourite box lol.","What language is Malik learning?","japanese","learning spanish"),
("te","Gretchen","Car: silver VW Golf","Updates — MOT booked 3rd May. Car: now a Skoda Octavia estate (Golf sold). Kids' swimming moved to 5pm. Bin day still Weds.","What car does Gretchen drive?","octavia","vw golf"),
("fo","Percival","I chair the residents' association.","Dear all, thank you for attending Tuesday's meeting. The minutes will be circulated shortly. As of this month, I have stepped down as chair and now serve as treasurer. Refreshments next time will be provided by Mrs. Dunn.","What role does Percival have in the residents' association?","treasurer","i chair"),
("lt","Brianna","i work saturdays at the garden centre","ugh what a week. my phone screen cracked again. im working sundays at the garden center now not the other day. and mum wants us all at nans for easter","What day does Brianna work at the garden centre?","sundays","saturdays"),
("vt","Hamish","we're with Halifax for the mortgage","right so the car's in the garage again um the clutch this time and um oh we remortgaged with Nationwide so that's sorted and then my sister's coming up for the weekend with the twins","Who is Hamish's mortgage with?","nationwide","halifax"),
("nn","Natalia","I live in a small room in Kraków, near the old town.","Hello! I finished my exam, I think it went good. My flat is now in Wrocław, I moved two weeks ago with my boyfriend. The weather here is very rainy. I miss my mother's cooking.","Where does Natalia live?","wrocław","kraków"),
("tc","Amadou","Our primary database is MySQL on RDS.","Sprint recap: shipped the new onboarding flow, fixed the flaky checkout tests. Primary DB cut over to Aurora Postgres on Wednesday night, zero downtime. Next sprint we tackle search relevance.","What is the primary database of Amadou's team?","aurora postgres","mysql"),
("tp","Beatrix","Beatrix is training for a half marathon in October.","Catch-up notes on Beatrix. She's repainted the hallway sage green and her mum is out of hospital. She's now training for the full marathon in Berlin instead. Wants book recs for the flight.","What race is Beatrix training for?","full marathon","half marathon"),
("we","Tobias","We take the kids to swimming at the leisure centre on Wednesdays.","Half-term was chaos. We finally got the garden fence fixed. The kids do swimming on Saturday mornings now at the lido, which is way easier for us. And we're thinking about a trip to Devon in August.","When do Tobias's kids go swimming?","saturday","on wednesdays"),
("rb","Ngozi","I work from home full time.","Lots of news. Because the new manager wants people in, I'm at the office four days a week now. My sister had her baby, a girl! And I've finally booked the Lagos trip.","How often does Ngozi work from the office?","four days","from home full time"),
("ra","Jasper","My physio is on Wednesdays at 5.","Quick update: the knee is much better, thanks for asking. Physio is Mondays at 8am now because the clinic changed its hours. Work is mad busy. Still on for dinner Friday?","When is Jasper's physio appointment?","mondays","wednesdays at 5"),
("em","Zuri","lowkey living in Newcastle rn 🏙️","life update 📢 new job ✅ new hair ✅ new city ✅ Manchester babyyy 🐝 the flat's tiny but the view 😍 also the cat's fine dw 😹 she already claimed the windowsill","Where does Zuri live?","manchester","newcastle"),
("fp","Cordelia","My pension is with Aviva.","Spent the morning sorting admin. Renewed my passport, finally. My pension is now with PensionBee after I consolidated everything. Then lunch with Dad, who is well.","Who is Cordelia's pension with?","pensionbee","aviva"),
("te","Haruto","Standing order: £500/mo → savings","Finance notes: council tax paid for the year. Standing order to savings now £750/mo. Car insurance renewal due June, get quotes. Netflix cancelled, Disney+ kept for the kids.","How much does Haruto pay into savings each month?","750","500"),
("ch","Florence","My little one goes to Sunflower Nursery.","Hiya! Sorry I've been quiet. Work's been bonkers and I've had a cold. Big news though: Alfie started at Little Acorns nursery this week, he loves it. Hope you're all good x","Which nursery does Florence's child attend?","little acorns","sunflower"),
("tc","Mikhail","I'm on the on-call rotation for the payments service.","Weekly notes: the alerting noise is down 40%. I've been moved to the search team's on-call rotation; payments is someone else's pager now. Also reviewing the RFC for the queue rewrite.","Which service is Mikhail on call for?","search","payments service"),
],
"negation_only": [
("fp","Gideon","I smoke a pipe in the evenings.","I stopped smoking completely last spring.","Does Gideon smoke?","stopped","smoke a pipe"),
("ch","Lottie","I drink a glass of wine most nights with dinner","Haven't touched a drop in three months and honestly I feel amazing — I don't drink anymore!","Does Lottie drink alcohol?","don't drink","glass of wine"),
("te","Radek","Meds: ibuprofen 400mg PRN for back","Meds: none (ibuprofen stopped)","What medication is Radek taking?","none","400mg"),
("fo","Evangeline","I volunteer at the food bank on Saturdays.","I regret to say I am no longer able to volunteer at the food bank.","Does Evangeline volunteer at the food bank?","no longer","on saturdays"),
("lt","Jace","i play fortnite every nite w the boys","quit fortnite lol got bored of it","Does Jace play Fortnite?","quit","every nite"),
("vt","Philomena","I take the kids to church every Sunday","um yeah we don't really go to church anymore not since the move it's just kind of dropped off","Does Philomena go to church?","don't really go","every sunday"),
("nn","Karim","I have a car, it is a white Peugeot.","I sold my car, now I don't have car, I use the metro.","Does Karim have a car?","don't have car","white peugeot"),
("tc","Henrike","We run a nightly cron job to rebuild the search index.","The nightly index rebuild is gone — we dropped the cron entirely since indexing is incremental now.","Does Henrike's team run a nightly index rebuild?","dropped","cron job"),
("tp","Cosmo","Cosmo takes sugar in his tea, two spoons.","Cosmo has cut sugar out and no longer takes any in his tea.","Does Cosmo take sugar in his tea?","no longer","two spoons"),
("we","Annika","We have a cleaner who comes on Fridays.","We don't have a cleaner anymore — we're doing it ourselves to save money.","Does Annika's household have a cleaner?","don't have a cleaner","comes on fridays"),
("rb","Seamus","I have a gym membership at Fitness First.","Since I never went, I cancelled the gym membership.","Does Seamus have a gym membership?","cancelled","fitness first"),
("ra","Anouk","I'm on Instagram a lot, mainly for recipes.","I deleted my Instagram account, because it was eating my whole evening.","Does Anouk use Instagram?","deleted","mainly for recipes"),
("em","Rocco","vaping like a chimney ngl 💨","officially vape free 🚭 2 months clean 💪","Does Rocco vape?","vape free","like a chimney"),
("fp","Isadora","I take melatonin to get to sleep.","I've come off the melatonin; I sleep fine without anything now.","Does Isadora take melatonin?","come off","to get to sleep"),
("te","Dami","Side gig: Uber Eats weekends","Side gig: none. Stopped delivering in Jan.","Does Dami have a side gig?","none","uber eats weekends"),
("ch","Esme","I'm still paying off my student loan, ugh","GUESS WHAT. Last payment went through today — I officially don't owe a penny on the student loan anymore!!","Is Esme still paying off her student loan?","don't owe","still paying off"),
("nn","Jun","I am going to the swimming club two times per week.","I don't go to swimming club anymore, my shoulder is injured.","Does Jun go to swimming club?","don't go","two times per week"),
],
}

# (style, speaker, before, after, q, new, keep)  for controls
CONTROLS = {
"relative_subject": [
("fp","Alejandro","I drive a Mazda 3.","My brother just bought a Tesla Model Y.","What car does Alejandro drive?","mazda","mazda 3"),
("ch","Becca","I'm vegetarian, have been for about ten years","My boyfriend's gone full carnivore diet, it's honestly hilarious","What is Becca's diet?","vegetarian","vegetarian"),
("te","Osman","Employer: Siemens (Munich)","Wife: started at BMW this week","Who is Osman's employer?","siemens","siemens"),
("fo","Georgiana","I live in Edinburgh, in the New Town.","My daughter has relocated to Glasgow for her studies.","Where does Georgiana live?","edinburgh","edinburgh"),
("lt","Kai","im in year 11 at westfield","my little bro just started year 7 at westfield lol","What year is Kai in at school?","year 11","year 11"),
("vt","Dolores","I've been going to Dr. Sandhu for years um she's lovely","so my mum's just switched to a new doctor um Dr. Carver at the other surgery","Who is Dolores's doctor?","sandhu","sandhu"),
("nn","Thiago","I work as a cook in an Italian restaurant.","My cousin now works as a waiter in a hotel in Lisbon.","What is Thiago's job?","cook","cook"),
("tc","Anneliese","I'm the tech lead on the checkout squad.","Jonas moved over to the platform team as its new tech lead.","Which team is Anneliese the tech lead of?","checkout","checkout squad"),
("tp","Leopold","Leopold runs 40 km a week.","Leopold's wife Clara has upped her running to 60 km a week.","How far does Leopold run per week?","40 km","40 km"),
("we","Yasmin","We live in a two-bed flat in Bethnal Green.","Our neighbours just moved to a house in Essex.","Where does Yasmin live?","bethnal green","bethnal green"),
("rb","Cillian","I'm a season ticket holder at Celtic.","Because his mate got him a deal, my dad's switched to a Rangers season ticket, the traitor.","Which club does Cillian have a season ticket for?","celtic","celtic"),
("ra","Mariko","I take the 7:40 train into the city.","My husband drives in now, because his office moved out to the business park.","How does Mariko get into the city?","7:40 train","7:40 train"),
("em","Dakota","iPhone gang 📱","my bestie just switched to android 😭💔","What phone does Dakota use?","iphone","iphone"),
("fp","Svea","My rent is €900 a month.","My flatmate's girlfriend pays €1,400 for a studio, which is insane.","How much is Svea's rent?","900","€900"),
],
"additive": [
("fp","Horatio","I speak English and French.","I've also picked up some Italian this year.","Does Horatio speak French?","french","english and french"),
("ch","Fatima","I've got a cat called Mango, she's a menace","And now we've got a puppy too! Meet Biscuit 🐶","What is the name of Fatima's cat?","mango","mango"),
("te","Ruairi","Hobbies: climbing","Hobbies += woodworking","Does Ruairi go climbing?","climbing","climbing"),
("fo","Augusta","I am a member of the local Rotary club.","In addition, I have joined the board of the town museum.","Which club is Augusta a member of?","rotary","rotary"),
("lt","Brayden","i work at the chippy on weekends","got a second job too, stackin shelves at asda tues and thurs nites","Where does Brayden work on weekends?","chippy","chippy"),
("vt","Imelda","I do aqua aerobics on Tuesday mornings","and um I've also started doing a bit of tai chi on Thursdays in the park with my neighbour","What does Imelda do on Tuesday mornings?","aqua aerobics","aqua aerobics"),
("nn","Sang-woo","I have one son, he is 6 years old.","Last month my daughter is born, so now we have two children.","How old is Sang-woo's son?","6 years","6 years old"),
("tc","Parveen","Our services are deployed on AWS in eu-west-1.","We also added a DR replica in us-east-1.","Which AWS region is primary for Parveen's services?","eu-west-1","eu-west-1"),
("tp","Casimir","Casimir plays bass in a covers band.","Casimir has also started playing drums for a jazz trio.","What does Casimir play in the covers band?","bass","bass"),
("we","Adaora","We grow tomatoes in the greenhouse.","We've added a raised bed for chillies and peppers this year.","What does Adaora's household grow in the greenhouse?","tomatoes","tomatoes"),
("rb","Emrys","I take vitamin D every morning.","Since my bloods showed low iron, I've added an iron supplement too.","Does Emrys take vitamin D?","vitamin d","vitamin d"),
("ra","Pilar","I have a current account with Santander.","I opened a savings account with Chase as well, because the interest rate is better.","Who does Pilar have a current account with?","santander","santander"),
("em","Trinity","watching Severance rn 😵‍💫","also started Shrinking on the side 🫶","Is Trinity watching Severance?","severance","severance"),
("ch","Marlowe","I volunteer at the animal shelter on Sundays","Signed up to do Wednesday evenings at the shelter too, can't get enough of the dogs","Does Marlowe volunteer at the shelter on Sundays?","sundays","sundays"),
],
"other_slot": [
("fp","Winston","I drive a Honda Civic.","The Civic's finally paid off — last loan payment went out today.","What car does Winston drive?","civic","honda civic"),
("ch","Maeve","I live in Galway, love it here","My flat's tiny but it's right by the Spanish Arch so I can't complain","Where does Maeve live?","galway","galway"),
("te","Stellan","Job: data analyst @ Spotify","Salary: 62k","What is Stellan's job?","data analyst","data analyst"),
("fo","Ophelia","I hold a mortgage with Lloyds Bank.","The mortgage has a fixed rate of 4.2% until 2027.","Who is Ophelia's mortgage with?","lloyds","lloyds"),
("lt","Tristan","my dog is a staffie called tank","tanks 7 now, gettin grey round the nose","What breed is Tristan's dog?","staffie","staffie"),
("vt","Agnes","I live in Sheffield um near the botanical gardens","the house is um about a hundred years old I think it's got the original fireplaces","Where does Agnes live?","sheffield","sheffield"),
("nn","Emre","I study computer science at the University of Ankara.","My university is very big, it has more than 40000 students.","What does Emre study?","computer science","computer science"),
("tc","Signe","The API service is written in Go.","The API service runs on three replicas behind an ALB.","What language is Signe's API service written in?","written in go","written in go"),
("tp","Ambrose","Ambrose works at the Royal Infirmary.","Ambrose works twelve-hour shifts, three days a week.","Where does Ambrose work?","royal infirmary","royal infirmary"),
("we","Henrietta","We've got a Border Collie called Skye.","Skye's getting spayed next Tuesday.","What breed is Henrietta's dog?","border collie","border collie"),
("rb","Idris","I bought a second-hand Brompton for commuting.","Since it kept nearly getting nicked at the station, the Brompton has a huge D-lock now.","What bike does Idris commute on?","brompton","brompton"),
("ra","Clementine","I'm doing a master's in architecture at Delft.","My thesis is on timber housing, because I'm obsessed with low-carbon building.","What is Clementine studying?","architecture","architecture"),
("em","Rio","fav sneakers = Sambas 👟","they're the white/green ones 💚🤍 lowkey iconic","What are Rio's favourite sneakers?","samba","sambas"),
("ch","Benedetta","My phone plan is with giffgaff, 20 quid a month","Oh and my number ends in 417 if you ever need it","Who is Benedetta's phone plan with?","giffgaff","giffgaff"),
],
"same_word_other_thing": [
("fp","Lucian","My work laptop is a ThinkPad X1.","My personal laptop is a MacBook Air.","What is Lucian's work laptop?","thinkpad","thinkpad x1"),
("ch","Giselle","My car's a Kia Picanto, tiny but mighty","My sister's car is a massive Range Rover lol, she can't park it","What car does Giselle drive?","picanto","picanto"),
("te","Anders","Work phone: Pixel 7","Personal phone: iPhone 13 mini","What is Anders's work phone?","pixel 7","pixel 7"),
("fo","Millicent","My primary residence is in Bath.","My holiday residence is a cottage in Pembrokeshire.","Where is Millicent's primary residence?","bath","in bath"),
("lt","Jordyn","my sunday football team is the red lions","my wednesday team is called ac slowmo lol its 5 a side","What is Jordyn's Sunday football team?","red lions","red lions"),
("vt","Cormac","my day job is um accounts at a haulage firm","and then my side job is DJing weddings at the weekend you know bit of extra cash","What is Cormac's day job?","accounts","accounts"),
("nn","Daniyar","My home email is daniyar.k@gmail.com.","My office email is d.kassymov@kazlogistics.kz.","What is Daniyar's personal email?","gmail","gmail"),
("tc","Rosalie","The production database is Postgres 15.","The analytics database is ClickHouse.","What database does Rosalie's production run on?","postgres","postgres 15"),
("tp","Ignatius","Ignatius's road bike is a Specialized Tarmac.","Ignatius's mountain bike is a Trek Fuel EX.","What road bike does Ignatius have?","tarmac","tarmac"),
("we","Orla","Our kitchen is painted sage green.","Our bathroom is painted navy.","What colour is Orla's kitchen?","sage green","sage green"),
("rb","Rupert","For my running, I use a Garmin Forerunner.","For everyday, because I want something classic, I wear a Seiko.","What watch does Rupert use for running?","garmin","garmin"),
("ra","Ebele","My main bank account is with HSBC.","My joint account with my husband is with Starling, because the app is nicer.","Who is Ebele's main bank account with?","hsbc","hsbc"),
("em","Nova","gym playlist = all drum n bass 🔊","study playlist = lofi beats only 🎧📚","What's on Nova's gym playlist?","drum n bass","drum n bass"),
("ch","Perpetua","My dentist is Dr. Lim, she's great with nervous patients like me","Oh and my kids' dentist is Dr. Barros at the children's clinic","Who is Perpetua's own dentist?","dr. lim","dr. lim"),
],
"hypothetical_or_plan": [
("fp","Eustace","I work at the council in planning.","I'm thinking about applying for a job at a private consultancy.","Where does Eustace work?","council","council"),
("ch","Sabrina","I'm with EE for my phone","Might switch to Lebara tbh, their prices are mad","Which network is Sabrina with?","with ee","with ee"),
("te","Bram","Location: Rotterdam","Maybe → Utrecht next year? tbd","Where does Bram live?","rotterdam","rotterdam"),
("fo","Lavinia","I am currently employed as a paralegal.","Should I pass the bar examination, I intend to practise as a barrister.","What is Lavinia's job?","paralegal","paralegal"),
("lt","Jett","i drive a corsa","if i pass my uni exams my dad said hed get me a golf","What car does Jett drive?","corsa","corsa"),
("vt","Moira","we're in the flat above the bakery","we've been um looking at houses out in the villages but honestly who knows if we'll ever actually move","Where does Moira live?","bakery","above the bakery"),
("nn","Tuan","I live in Hanoi with my parents.","Maybe next year I will move to Ho Chi Minh City for study, but not sure.","Where does Tuan live?","hanoi","hanoi"),
("tc","Ximena","We use GitHub Actions for CI.","We're evaluating Dagger as a possible replacement, no decision yet.","What does Ximena's team use for CI?","github actions","github actions"),
("tp","Horace","Horace eats meat.","Horace is considering going vegetarian after watching a documentary.","What is Horace's diet?","eats meat","eats meat"),
("we","Ingeborg","We bank with Nordea.","We've talked about moving everything to Revolut, but haven't done anything about it.","Who does Ingeborg's household bank with?","nordea","nordea"),
("rb","Quentin","I'm on the 2-day plan at the climbing wall.","Because my knee's playing up, I might drop to just weekends, we'll see.","What plan is Quentin on at the climbing wall?","2-day","2-day plan"),
("ra","Soledad","I teach Spanish at a secondary school.","I'd love to go freelance as a translator someday, because I'm tired of marking.","What does Soledad do for work?","teach spanish","teach spanish"),
("em","Blaise","team android forever 🤖","ngl the new iphone kinda tempting 👀 might cop","What phone does Blaise use?","android","android"),
("ch","Wilma","I do my weekly shop at Sainsbury's","If they ever open that Lidl round the corner I'd totally switch, just saying","Where does Wilma do her weekly shop?","sainsbury","sainsbury"),
],
}

STYLE_ORDER = list(S.values())

def build():
    items = []
    n = 0
    for cls, rows in list(UPDATES.items()) + list(CONTROLS.items()):
        is_ctrl = cls in CONTROLS
        for st, spk, b, a, q, new, x in rows:
            n += 1
            it = {"id": f"v{n:03d}", "class": cls, "style": S[st], "speaker": spk,
                  "before": b, "after": a, "q": q, "new": new,
                  "old": None if is_ctrl else x}
            if is_ctrl:
                it["keep"] = x
            items.append(it)
    # split: per class, order by style then id, alternate dev/held
    dev, held = [], []
    byc = defaultdict(list)
    for it in items:
        byc[it["class"]].append(it)
    # Greedy stratified alternation: within each class items go to the side with fewer items of
    # that class (so the class alternates), ties broken by fewer items of that style overall,
    # then by smaller total.
    cnt = {"dev": defaultdict(int), "held": defaultdict(int)}
    for cls, its in byc.items():
        its = sorted(its, key=lambda i: (STYLE_ORDER.index(i["style"]), i["id"]))
        for it in its:
            side = min(("dev", "held"), key=lambda sd: (cnt[sd]["c:" + cls], cnt[sd]["s:" + it["style"]],
                                                        cnt[sd]["all"], sd))
            (dev if side == "dev" else held).append(it)
            for k in ("c:" + cls, "s:" + it["style"], "all"):
                cnt[side][k] += 1
    key = lambda i: i["id"]
    return items, sorted(dev, key=key), sorted(held, key=key)

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    items, dev, held = build()
    for name, data in [("updates5.json", items), ("updates5.dev.json", dev), ("updates5.held.json", held)]:
        with open(os.path.join(here, name), "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.write("\n")
    print(len(items), len(dev), len(held))
