# Source data for updates7. Hand-written.
# U(...) = update item, C(...) = control item.
# Update annotation: cue = the change cue as it appears in `after` ("" when there is none),
# tags: rare (non-obvious change verb/construction), split (cue and new value in different
# clauses/sentences), newfirst (new value opens a sentence), agent (another person/role makes
# the change to the speaker's slot), timeword (new value told with a time word), selfcorrect.

ITEMS = []


def U(cls, style, speaker, before, after, q, new, old, cue="", tags=""):
    ITEMS.append(dict(cls=cls, style=style, speaker=speaker, before=before, after=after, q=q,
                      new=new, old=old, keep=None, cue=cue, tags=tags.split()))


def C(cls, style, speaker, before, after, q, new, keep):
    ITEMS.append(dict(cls=cls, style=style, speaker=speaker, before=before, after=after, q=q,
                      new=new, old=None, keep=keep, cue="", tags=[]))


# ---------------------------------------------------------------- move_named
M = "move_named"
U(M, "first_person", "Ingrid",
  "I keep my savings with Nationwide, mostly in their easy-access account.",
  "Finally pulled the last of my savings out of Nationwide and parked it all with Chase UK.",
  "Where does Ingrid keep her savings?", "Chase UK", "with nationwide",
  "parked it all with", "rare")
U(M, "chatty", "Dario",
  "My go-to gym is the PureGym on Canal Street, it's like two minutes from my flat.",
  "Ugh, ignore what I told you about the gym, that's ancient history. I'm at Boulder Yard by the station these days, the PureGym queues for the squat rack drove me up the wall lol",
  "Which gym does Dario go to?", "Boulder Yard", "puregym on canal street",
  "ignore what I told you", "rare split selfcorrect timeword")
U(M, "terse", "Hyun-woo",
  "Phone carrier: Verizon, family plan.",
  "carrier → T-Mobile as of the 1st. numbers ported ok.",
  "What phone carrier does Hyun-woo use?", "T-Mobile", "verizon",
  "→", "rare timeword")
U(M, "formal", "Margarethe",
  "I should note that my electricity is supplied by E.ON under a fixed tariff.",
  "Please be advised that, following the expiry of my fixed tariff, I have transferred my electricity supply to Octopus Energy.",
  "Who supplies Margarethe's electricity?", "Octopus", "e.on",
  "transferred my electricity supply to", "rare")
U(M, "lowercase_typos", "Tariq",
  "I do my grocery shop at Tesco on Saturdays.",
  "ive been going to lidl for the big shop the last few weeks, tescos prices got rediculous",
  "Where does Tariq do his grocery shopping?", "lidl", "shop at tesco",
  "been going to", "rare timeword")
U(M, "voice_transcript", "Bronwyn",
  "My kids see Dr. Ferris at Elmwood Pediatrics.",
  "um so yeah the kids we actually took them over to the Lakeside clinic to Dr. Amadi because Ferris is retiring I think so they're with Dr. Amadi from here on out",
  "Which pediatrician do Bronwyn's kids see?", "Amadi", "elmwood pediatrics",
  "took them over to", "rare")
U(M, "non_native", "Lan",
  "I am sending money home to my parents with Western Union every month.",
  "Now I use Wise for send money to my parents, is much more cheap than before and it arrive in one day.",
  "What service does Lan use to send money to her parents?", "Wise", "western union",
  "Now I use")
U(M, "technical", "Priyanka",
  "Our error tracking is Sentry, self-hosted on the ops cluster.",
  "We ripped out self-hosted Sentry last sprint — errors go to Rollbar, alert routing unchanged.",
  "What does Priyanka's team use for error tracking?", "Rollbar", "is sentry",
  "ripped out", "rare split")
U(M, "third_person", "Oksana",
  "Oksana banks with Revolut for day-to-day spending.",
  "Note: Oksana closed her Revolut account in June; her salary lands in a Monzo account these days.",
  "Which bank does Oksana use for day-to-day spending?", "Monzo", "banks with revolut",
  "closed her Revolut account", "rare split timeword")
U(M, "we", "Desmond",
  "We get our veg box from Riverford every Thursday.",
  "We've gone over to Abel & Cole for the veg box — Riverford kept subbing in swede.",
  "Which company delivers Desmond's veg box?", "Abel & Cole", "from riverford",
  "gone over to", "rare")
U(M, "reason_before", "Yusuf",
  "I fly with Pegasus whenever I go back to Izmir.",
  "After they lost my bag twice in one summer, I book AJet for the Izmir trips.",
  "Which airline does Yusuf fly to Izmir?", "AJet", "pegasus",
  "I book", "")
U(M, "reason_after", "Camille",
  "My running shoes are Brooks Ghosts, always have been.",
  "I traded the Ghosts for a pair of Hoka Cliftons because my knees were complaining on the long runs.",
  "What running shoes does Camille wear?", "Hoka", "brooks ghosts",
  "traded the Ghosts for", "rare")
U(M, "emoji_slang", "Jaylen",
  "I stream all my music on Spotify.",
  "dumped spotify for apple music ngl the lossless slaps 🎧🔥",
  "What music streaming service does Jaylen use?", "apple music", "on spotify",
  "dumped", "rare")
U(M, "email", "Geraldine",
  "My accountant is Harold Pemberton at Pemberton & Lowe.",
  "Hi Sue, just a quick heads-up before the tax deadline: Harold has retired, so my returns are being handled by Anita Basu at Claremont Tax from this year onward. Best, Geraldine",
  "Who is Geraldine's accountant?", "Anita Basu", "harold pemberton",
  "are being handled by", "rare timeword")
U(M, "bullet_list", "Rohan",
  "Broadband is with BT, 67Mb fibre.",
  "Home admin done this week:\n- renewed car insurance\n- broadband: BT → Community Fibre (full fibre, 500Mb)\n- booked boiler service",
  "Who is Rohan's broadband provider?", "Community Fibre", "with bt",
  "→", "rare")
U(M, "sms", "Keisha",
  "I get my hair done at Curl Bar on 5th.",
  "booked w/ Twist & Shout salon 4 all my appts going fwd, curl bar 2 pricey smh",
  "Where does Keisha get her hair done?", "Twist & Shout", "at curl bar",
  "going fwd", "rare")
U(M, "quoted_speech", "Aurelio",
  "My dentist is Dr. Kowalski on Baker Street.",
  "Like I told the receptionist, 'Please send my records across to Dr. Mensah's practice, that's where I'm registered these days.'",
  "Who is Aurelio's dentist?", "Mensah", "dr. kowalski",
  "send my records across to", "rare timeword")

# ---------------------------------------------------------------- new_state_unnamed_old
N = "new_state_unnamed_old"
U(N, "technical", "Lindiwe",
  "Our API gateway runs Kong 2.8.",
  "Correction to what I said earlier: the gateway is on Kong 3.6, the upgrade shipped Tuesday after the CVE scare.",
  "Which Kong version does Lindiwe's team run?", "3.6", "2.8",
  "Correction to what I said earlier", "rare split selfcorrect")
U(N, "third_person", "Tomasz",
  "Tomasz is a junior associate at the firm.",
  "Tomasz made senior associate this spring.",
  "What is Tomasz's position at the firm?", "senior", "junior associate",
  "made", "rare timeword")
U(N, "we", "Farida",
  "Our daughter Amira is in Year 4 at St Anne's.",
  "Amira went up into Year 5 in September, same school, new teacher — we're all still adjusting.",
  "What year is Farida's daughter in?", "Year 5", "year 4",
  "went up into", "rare timeword")
U(N, "reason_before", "Renata",
  "I've been using my married name, Carter, on everything.",
  "Because the divorce is final, I'm going back to Hollis on all my accounts.",
  "What surname does Renata use?", "Hollis", "carter",
  "going back to", "rare")
U(N, "reason_after", "Bastian",
  "I climb at about V3 on a good day.",
  "Since March it's been V5 most sessions — the hangboard routine is finally paying off.",
  "What grade does Bastian climb?", "V5", "v3",
  "Since March it's been", "rare timeword")
U(N, "emoji_slang", "Mei",
  "I'm a brown belt in judo.",
  "BLACK BELT UNLOCKED 🥋🖤 graded yesterday, still shaking lol",
  "What belt is Mei in judo?", "black belt", "brown belt",
  "UNLOCKED", "rare newfirst")
U(N, "email", "Corinne",
  "I'm a second-year PhD student in the chemistry department.",
  "Dear Professor Ade, I hope you are well. As I have just begun the third year of my PhD, I wanted to ask whether you would be willing to join my thesis committee. Kind regards, Corinne",
  "What year of her PhD is Corinne in?", "third year", "second-year",
  "just begun", "rare")
U(N, "bullet_list", "Emeka",
  "I'm a Level 2 certified football coach.",
  "Coaching update:\n• passed the Level 3 assessment 🎉\n• U12s finished 3rd in the league\n• need new bibs",
  "What coaching certification level does Emeka have?", "Level 3", "level 2",
  "passed", "rare")
U(N, "sms", "Valentina",
  "I'm still on iOS 16 on my phone.",
  "finally updated ma phone 2 17.5, battery already worse 🙄",
  "What iOS version is Valentina's phone on?", "17.5", "ios 16",
  "finally updated", "rare")
U(N, "quoted_speech", "Ignatius",
  "I go by Iggy at work.",
  "At the new job I said, 'Please just call me Nate,' and it stuck.",
  "What name does Ignatius go by at work?", "Nate", "iggy",
  "call me", "rare")
U(N, "diary", "Harriet",
  "I'm in the intermediate pottery class on Wednesdays.",
  "Wednesday night. Maureen bumped me up to the advanced wheel class tonight! Terrified, thrilled, covered in clay.",
  "Which pottery class is Harriet in?", "advanced", "intermediate",
  "bumped me up to", "rare agent")
U(N, "form_field", "Oluwaseun",
  "Employment grade: Band 5 staff nurse.",
  "Grade (updated 01/04): Band 6 charge nurse",
  "What band is Oluwaseun?", "Band 6", "band 5",
  "updated", "rare timeword")
U(N, "reply_to_assistant", "Siobhan",
  "I'm 34.",
  "You asked how old I am. 35 as of Sunday, the party was small but lovely.",
  "How old is Siobhan?", "35", "34",
  "as of", "rare newfirst timeword")
U(N, "first_person", "Mateus",
  "I'm a lance corporal in the reserves.",
  "I got my sergeant's stripes last month, which still feels unreal.",
  "What is Mateus's rank in the reserves?", "sergeant", "lance corporal",
  "got my", "rare timeword")
U(N, "chatty", "Beatriz",
  "I'm working towards my Grade 4 piano exam.",
  "Guess what, I passed Grade 4 with merit!! So it's Grade 5 pieces for me from here, my teacher already gave me a Haydn sonata 😅",
  "What piano grade is Beatriz working towards?", "Grade 5", "towards my grade 4",
  "passed", "rare split")
U(N, "terse", "Anders",
  "Duolingo league: Silver.",
  "league: Gold as of this week",
  "Which Duolingo league is Anders in?", "Gold", "silver",
  "as of this week", "rare timeword")
U(N, "formal", "Philippa",
  "I currently hold the position of deputy head teacher at Northgate Primary.",
  "I am pleased to share that the governors have appointed me head teacher with effect from January.",
  "What is Philippa's role at the school?", "appointed me head teacher", "deputy",
  "appointed", "rare agent timeword")

# ---------------------------------------------------------------- frequency_amount
F = "frequency_amount"
U(F, "bullet_list", "Halvard",
  "I run three times a week, usually 5k each.",
  "Training log, new block:\n- runs: 5x/week\n- long run Sunday 16k\n- strength Mon/Thu",
  "How often does Halvard run?", "5x/week", "three times a week",
  "new block", "rare split")
U(F, "sms", "Precious",
  "My rent is £950 a month.",
  "landlord put the rent up 2 £1,040 pcm 😤",
  "How much rent does Precious pay?", "1,040", "£950",
  "put the rent up", "rare agent")
U(F, "quoted_speech", "Ezekiel",
  "I take 500 mg of metformin twice a day.",
  "The diabetes nurse said, 'Let's take you up to 1000 mg morning and evening,' so that's what I'm on.",
  "What metformin dose is Ezekiel on?", "1000 mg", "500 mg",
  "take you up to", "rare agent")
U(F, "diary", "Wilhelmina",
  "I write in my journal every night before bed.",
  "12 March. Haven't managed nightly entries in ages — it's Sundays only these days, and that feels fine.",
  "How often does Wilhelmina write in her journal?", "Sundays only", "every night",
  "Haven't managed nightly entries", "rare split timeword")
U(F, "form_field", "Dmitri",
  "Budget — groceries: $600/month (me + Anya)",
  "groceries: $600 -> $750/month, effective this month",
  "What is Dmitri's monthly grocery budget?", "$750", "$600/month",
  "->", "rare timeword")
U(F, "reply_to_assistant", "Aiyana",
  "I drink about four cups of coffee a day.",
  "Re: your question about caffeine — I've cut down to one cup, first thing in the morning, nothing after.",
  "How much coffee does Aiyana drink a day?", "one cup", "four cups",
  "cut down to", "rare")
U(F, "first_person", "Giulio",
  "I work four days a week at the studio.",
  "I'm back to full-time at the studio, five days, since the new project landed.",
  "How many days a week does Giulio work at the studio?", "five days", "four days",
  "back to full-time", "rare split")
U(F, "chatty", "Sunniva",
  "I walk the dog twice a day, morning and night.",
  "Honestly with the new puppy energy levels it's three walks a day or she eats the sofa, so yeah, lunchtime walk added 😅",
  "How many times a day does Sunniva walk the dog?", "three walks", "twice a day",
  "lunchtime walk added", "rare split")
U(F, "terse", "Kwabena",
  "Savings: £200/mo into ISA by standing order.",
  "standing order upped — £350/mo into ISA from Feb. wait no, £400, forgot the bonus bump",
  "How much does Kwabena save into his ISA each month?", "£400", "£200/mo",
  "wait no", "rare split selfcorrect timeword")
U(F, "formal", "Evangeline",
  "I attend physiotherapy once a fortnight for my shoulder.",
  "My physiotherapist has reduced my appointments to once every six weeks, as the shoulder has improved considerably.",
  "How often does Evangeline attend physiotherapy?", "six weeks", "once a fortnight",
  "reduced my appointments to", "rare agent")
U(F, "lowercase_typos", "Cormac",
  "I play five-a-side on Tuesdays and Thursdays.",
  "only doin tuesdays for five a side these days, thursdays clashes with my nite class",
  "Which days does Cormac play five-a-side?", "only doin tuesdays", "tuesdays and thursdays",
  "these days", "rare timeword")
U(F, "voice_transcript", "Rosalind",
  "I give fifty pounds a month to the food bank.",
  "so the food bank thing um actually no I told you fifty didn't I I bumped it up it's a hundred a month now by direct debit since they sent that letter about demand",
  "How much does Rosalind give to the food bank each month?", "a hundred", "fifty pounds",
  "actually no", "selfcorrect")
U(F, "non_native", "Javier",
  "I usually sleep around six hours a night.",
  "My doctor tell me sleep more, so I go to bed early and now I am sleeping eight hours almost every night.",
  "How many hours a night does Javier sleep?", "eight hours", "six hours",
  "now", "agent")
U(F, "technical", "Sakura",
  "Our team does sprint planning every two weeks.",
  "Since the reorg we plan every week — Monday mornings, thirty minutes, hard stop.",
  "How often does Sakura's team do sprint planning?", "every week", "every two weeks",
  "Since the reorg", "rare")
U(F, "third_person", "Augustin",
  "Augustin's team has six engineers.",
  "Augustin's team grew to eleven engineers after the merger.",
  "How many engineers are on Augustin's team?", "eleven", "six engineers",
  "grew to", "rare")
U(F, "we", "Marguerite",
  "We pay £85 a month for the kids' after-school club.",
  "The after-school club hiked its fees, so we're paying £110 a month for the two of them from this term.",
  "How much does Marguerite pay for the after-school club?", "£110", "£85",
  "hiked its fees", "rare split agent timeword")
U(F, "reason_before", "Thaddeus",
  "My credit card limit is $3,000.",
  "Because I've paid on time for two years, the bank raised my limit to $8,000.",
  "What is Thaddeus's credit card limit?", "$8,000", "$3,000",
  "raised my limit to", "rare agent")

# ---------------------------------------------------------------- habit_order
H = "habit_order"
U(H, "chatty", "Nadia",
  "I always do my Duolingo on the bus in the morning.",
  "Wait, did I say I do Duolingo on the bus? Not for ages! It's my last thing in bed at night, keeps the streak alive haha",
  "When does Nadia do her Duolingo?", "in bed at night", "on the bus in the morning",
  "Not for ages", "rare split selfcorrect")
U(H, "terse", "Ruairi",
  "Gym 6am, then breakfast.",
  "breakfast first, gym after — 7:30ish",
  "Does Ruairi eat breakfast before or after the gym?", "breakfast first", "gym 6am",
  "", "newfirst")
U(H, "formal", "Cordelia",
  "I pay my credit card bill on the last day of each month.",
  "I have arranged for my credit card to be settled by direct debit on the 5th of each month, shortly after my salary arrives.",
  "When does Cordelia pay her credit card bill?", "5th", "last day of each month",
  "arranged for", "rare")
U(H, "lowercase_typos", "Dev",
  "I wash up straight after dinner.",
  "been leaving the washing up till the morning, do it while the kettle boils, honestly its fine",
  "When does Dev do the washing up?", "till the morning", "straight after dinner",
  "been leaving", "rare")
U(H, "voice_transcript", "Marisela",
  "I do my weekly food shop on Sunday evenings.",
  "yeah no so sundays got too crazy with the kids' football so the big shop happens friday nights after work like right after I pick them up",
  "When does Marisela do her weekly food shop?", "friday nights", "sunday evenings",
  "got too crazy", "rare split")
U(H, "non_native", "Bolaji",
  "I study English in the evening after my work.",
  "I change my routine, I study English early morning before I go to work, my head is more fresh.",
  "When does Bolaji study English?", "early morning", "in the evening",
  "change my routine", "split")
U(H, "technical", "Ingeborg",
  "We run the database migrations after deploying the new app version.",
  "Migrations go first in the pipeline these days, then the app rollout, so old code never hits a missing column.",
  "When does Ingeborg's team run database migrations?", "Migrations go first", "after deploying",
  "these days", "rare newfirst timeword")
U(H, "third_person", "Ferdinand",
  "Ferdinand takes his blood-pressure pill with breakfast.",
  "Per his cardiologist, Ferdinand takes the blood-pressure pill at bedtime from this week.",
  "When does Ferdinand take his blood-pressure pill?", "bedtime", "with breakfast",
  "Per his cardiologist", "rare split agent timeword")
U(H, "we", "Sinéad",
  "We do bath, then story, then bed for the twins.",
  "Story's gone first in the twins' routine — bath is the very last thing before lights out, they were too wound up otherwise.",
  "What order is the twins' bedtime routine in Sinéad's house?", "Story's gone first", "bath, then story",
  "gone first", "rare newfirst")
U(H, "reason_before", "Lorcan",
  "I walk to the office and take the bus home.",
  "Since the hill nearly killed me in July, it's the bus in the morning and I walk home in the cool.",
  "How does Lorcan get to the office in the morning?", "bus in the morning", "walk to the office",
  "it's the", "rare")
U(H, "reason_after", "Isadora",
  "I check email first thing when I get to my desk.",
  "Email waits until after lunch these days; mornings are for deep work because otherwise the inbox eats my whole day.",
  "When does Isadora check her email?", "after lunch", "first thing when i get to my desk",
  "waits until", "rare timeword")
U(H, "emoji_slang", "Tyrese",
  "I do my homework right after school.",
  "nah homework is a 9pm thing rn 🌙📚 gotta game first no cap",
  "When does Tyrese do his homework?", "9pm", "right after school",
  "rn", "rare timeword")
U(H, "email", "Ottoline",
  "My Spanish lesson with Carmen is on Monday evenings.",
  "Hola Carmen, just confirming: from next week we'll do our lessons on Wednesday mornings as agreed, since my Monday evenings are taken by choir. Hasta pronto, Ottoline",
  "When is Ottoline's Spanish lesson?", "Wednesday mornings", "on monday evenings",
  "as agreed", "rare timeword")
U(H, "bullet_list", "Hamza",
  "I do my workout after dinner.",
  "New routine:\n- 6:15 workout\n- shower + breakfast\n- commute\n(evening sessions were wrecking my sleep)",
  "When does Hamza work out?", "6:15", "after dinner",
  "New routine", "rare split newfirst")
U(H, "sms", "Leilani",
  "I feed the cat at 7 in the morning and 6 at night.",
  "fyi cat's on 3 smaller meals, 7am 1pm 9pm, vet's orders",
  "When does Leilani feed her cat?", "7am 1pm 9pm", "6 at night",
  "vet's orders", "rare agent")
U(H, "quoted_speech", "Bartholomew",
  "I always read the paper before I start work.",
  "\"I save the paper for the train home,\" I told Jen, \"mornings are just too hectic.\"",
  "When does Bartholomew read the paper?", "train home", "before i start work",
  "save the paper for", "rare")
U(H, "diary", "Annelise",
  "I meditate for ten minutes at night before sleeping.",
  "Day 14 of the experiment: meditation right after waking, before even looking at my phone. Much calmer days.",
  "When does Annelise meditate?", "right after waking", "at night before sleeping",
  "Day 14 of the experiment", "rare split timeword")

# ---------------------------------------------------------------- category_word
K = "category_word"
U(K, "third_person", "Odalys",
  "Odalys eats keto, no bread or pasta.",
  "Odalys dropped keto over the summer — Mediterranean-style these days, bread included.",
  "What diet does Odalys follow?", "Mediterranean", "eats keto",
  "dropped keto", "rare split timeword")
U(K, "we", "Caspian",
  "My partner Jonah and I are engaged.",
  "Jonah and I tied the knot in Lisbon last month!",
  "What is Caspian's relationship status?", "tied the knot", "engaged",
  "tied the knot", "rare timeword")
U(K, "reason_before", "Hildegard",
  "I'm employed full-time as a graphic designer at an agency.",
  "After the agency folded, I set up on my own, so I'm a freelance designer taking my own clients.",
  "What is Hildegard's employment status?", "freelance", "employed full-time",
  "set up on my own", "rare split")
U(K, "reason_after", "Wendell",
  "I'm a software engineer at Maplebridge Insurance.",
  "I'm retired — handed in my badge in May because the pension finally made sense.",
  "What is Wendell's employment status?", "retired", "software engineer at",
  "handed in my badge", "rare timeword")
U(K, "emoji_slang", "Zuri",
  "I'm single and not really looking.",
  "soooo I have a girlfriend now?? 🥹💕 her name is Amara",
  "What is Zuri's relationship status?", "girlfriend", "single",
  "now")
U(K, "email", "Leopold",
  "I'm a master's student at Utrecht, writing my thesis.",
  "Dear Ms. Hartmann, Thank you for your interest. Having completed my MSc at Utrecht in August, I am a graduate and available to start immediately. Yours sincerely, Leopold",
  "Is Leopold a student or a graduate?", "graduate", "master's student",
  "Having completed", "rare split")
U(K, "bullet_list", "Parveen",
  "I'm pescatarian — fish but no meat.",
  "Dietary notes for the retreat:\n• eats everything these days, incl. red meat\n• allergic to kiwi\n• no caffeine after noon",
  "What is Parveen's diet?", "eats everything", "pescatarian",
  "these days", "rare timeword")
U(K, "sms", "Declan",
  "I'm unemployed at the moment, looking for warehouse jobs.",
  "got the job!! start mon at the amazon warehouse, full time 💪",
  "What is Declan's employment status?", "got the job", "unemployed",
  "got the job", "rare newfirst")
U(K, "quoted_speech", "Fenella",
  "I'm married to Rupert.",
  "\"We're officially divorced,\" I told my mum on the phone, \"the papers came through on Friday.\"",
  "What is Fenella's marital status?", "divorced", "married to rupert",
  "officially", "rare")
U(K, "diary", "Ignacio",
  "I'm a contractor on a day rate at the bank.",
  "Thursday. Signed the permanent contract today — staff at last, with holiday pay and everything!",
  "What is Ignacio's employment status?", "staff", "contractor",
  "Signed", "rare split timeword")
U(K, "form_field", "Ayaan",
  "Marital status: single",
  "Marital status: married (as of 14/09)",
  "What is Ayaan's marital status?", "married", "single",
  "as of", "rare timeword")
U(K, "reply_to_assistant", "Clementine",
  "I'm vegan.",
  "You asked about dietary restrictions for the booking — I eat fish again these days, so pescatarian is the right box to tick.",
  "What is Clementine's diet?", "pescatarian", "vegan",
  "eat fish again these days", "rare split timeword")
U(K, "first_person", "Benedikt",
  "I'm a stay-at-home dad.",
  "I went back to work in January, part-time at the library.",
  "What is Benedikt's employment status?", "part-time", "stay-at-home",
  "went back to work", "rare split timeword")
U(K, "chatty", "Marisol",
  "I'm in a long-distance relationship with Tomás.",
  "Okay big news — Tomás and I split up last week. It's fine, it was mutual, I'm single and kind of loving it?",
  "What is Marisol's relationship status?", "single", "long-distance relationship",
  "split up", "rare split timeword")
U(K, "terse", "Gunnar",
  "Status: self-employed plumber.",
  "joined Hargreaves Plumbing as an employee — salaried, van provided",
  "Is Gunnar self-employed or an employee?", "employee", "self-employed",
  "joined", "rare")
U(K, "formal", "Perpetua",
  "I am an undergraduate student of law at Edinburgh.",
  "I am now a trainee solicitor with a firm in Glasgow, having graduated in the summer.",
  "What is Perpetua's current status?", "trainee solicitor", "undergraduate",
  "now")
U(K, "lowercase_typos", "Reza",
  "I'm divorced.",
  "me and sara got remarried lol who saw that comin",
  "What is Reza's marital status?", "remarried", "divorced",
  "got", "rare")

# ---------------------------------------------------------------- my_new_x
X = "my_new_x"
U(X, "sms", "Jolene",
  "My phone is a Galaxy S20.",
  "new fone is a pixel 8, txt me if my msgs look weird lol",
  "What phone does Jolene have?", "pixel 8", "galaxy s20",
  "new fone", "rare")
U(X, "quoted_speech", "Osvaldo",
  "My GP is Dr. Whitcombe.",
  "The receptionist said, \"Your new doctor will be Dr. Okafor, since Dr. Whitcombe has left the practice.\"",
  "Who is Osvaldo's GP?", "Okafor", "my gp is dr. whitcombe",
  "new doctor", "rare agent")
U(X, "diary", "Philomena",
  "I drive a silver 2011 Honda Jazz.",
  "Sat 4th. Collected my new car today — a little red Fiat 500, second-hand but spotless. Said goodbye to the Jazz.",
  "What car does Philomena drive?", "Fiat 500", "honda jazz",
  "Collected my new car", "rare split timeword")
U(X, "form_field", "Abdirahman",
  "Emergency contact: my brother Faisal, 07700 900123.",
  "Emergency contact (new): Hodan Ali (wife), 07700 900456",
  "Who is Abdirahman's emergency contact?", "Hodan", "my brother faisal",
  "(new)", "rare")
U(X, "reply_to_assistant", "Greer",
  "My landlord is a guy called Pete who lives upstairs.",
  "To your question about who to contact for repairs: the building was sold, my new landlord is a company called Harbourline Lettings.",
  "Who is Greer's landlord?", "Harbourline", "pete",
  "my new landlord", "rare")
U(X, "first_person", "Yannick",
  "My laptop is a 2017 MacBook Pro.",
  "My new laptop is a Lenovo Yoga Slim 7 and the battery genuinely lasts a whole day.",
  "What laptop does Yannick use?", "Yoga Slim", "2017 macbook pro",
  "My new laptop", "rare")
U(X, "chatty", "Bettina",
  "My hairdresser is Gemma at Snip.",
  "Ooh you'll love this — I've found a new hairdresser, Luca, tiny place behind the market, he actually listens!",
  "Who is Bettina's hairdresser?", "Luca", "gemma at snip",
  "found a new hairdresser", "rare split")
U(X, "terse", "Kazimierz",
  "Bike: Specialized Allez, aluminium.",
  "new bike = Canyon Endurace CF, carbon. allez sold",
  "What bike does Kazimierz ride?", "Canyon", "specialized allez",
  "new bike =", "rare")
U(X, "formal", "Araminta",
  "My solicitor is Mr. Goldberg of Goldberg & Finch.",
  "Kindly note that my new solicitor is Ms. Adeyemi of Harcourt Legal, to whom all correspondence should now be addressed.",
  "Who is Araminta's solicitor?", "Adeyemi", "goldberg",
  "my new solicitor")
U(X, "lowercase_typos", "Jarrah",
  "My dog is a 12-year-old beagle called Biscuit.",
  "biscuit passed away in march :( we adopted a new pup tho, a kelpie cross called Rusty, hes a maniac",
  "What is Jarrah's dog called?", "Rusty", "beagle called biscuit",
  "adopted a new pup", "rare split")
U(X, "voice_transcript", "Ottavio",
  "My therapist is Dr. Lena Brandt.",
  "so my new therapist is um this guy Tobias Reinholt he's more of a CBT person which honestly suits me better than the old approach",
  "Who is Ottavio's therapist?", "Tobias Reinholt", "lena brandt",
  "my new therapist", "rare")
U(X, "non_native", "Svetlana",
  "My apartment is in Kreuzberg, on the fourth floor.",
  "We find new apartment! It is in Pankow, more quiet and bigger, we live there since first of May.",
  "Where is Svetlana's apartment?", "Pankow", "kreuzberg",
  "find new apartment", "rare split timeword")
U(X, "technical", "Rashida",
  "My team's on-call pager is PagerDuty.",
  "Our new incident tool is incident.io — the PagerDuty contract ran out last quarter.",
  "What does Rashida's team use for on-call paging?", "incident.io", "pager is pagerduty",
  "Our new incident tool", "rare")
U(X, "third_person", "Baltasar",
  "Baltasar's car is a 2008 Volvo V70.",
  "Baltasar picked up his new car on Saturday, an electric Kia EV6.",
  "What car does Baltasar drive?", "EV6", "volvo v70",
  "picked up his new car", "rare split timeword")
U(X, "we", "Ngozi",
  "Our family doctor is at Parkside Surgery.",
  "We've registered the whole family with a new practice, Hollybush Medical Centre, since Parkside stopped taking appointments online.",
  "Which practice is Ngozi's family registered with?", "Hollybush", "at parkside surgery",
  "registered the whole family with a new practice", "rare split")
U(X, "reason_before", "Florian",
  "My running club is the Harriers.",
  "The Riverside Runners are my new club, since I relocated across town and the Tuesday sessions are on my doorstep.",
  "Which running club is Florian in?", "Riverside", "the harriers",
  "my new club", "rare newfirst")
U(X, "reason_after", "Delphine",
  "My cleaner is Dorota, she comes on Fridays.",
  "I've got a new cleaner, Mirela, because Dorota went back to Poland.",
  "Who is Delphine's cleaner?", "Mirela", "my cleaner is dorota",
  "got a new cleaner", "rare split")

# ---------------------------------------------------------------- second_clause
S = "second_clause"
U(S, "terse", "Ilse",
  "Commute: car, 40 min.",
  "petrol prices insane, parking £12/day — so: train + folding bike, 50 min",
  "How does Ilse commute?", "train", "car, 40 min",
  "so:", "rare")
U(S, "formal", "Montgomery",
  "My pension is invested in the default balanced fund.",
  "Having reviewed the charges with my adviser, I have elected to place my pension in a low-cost global index tracker.",
  "What is Montgomery's pension invested in?", "index tracker", "default balanced fund",
  "elected to place", "rare")
U(S, "lowercase_typos", "Kealoha",
  "I surf at Waikiki most mornings.",
  "waikiki got way to crowded with the tourists so i mostly paddle out at kewalos now before work",
  "Where does Kealoha usually surf?", "kewalos", "at waikiki",
  "got way to crowded", "split")
U(S, "voice_transcript", "Brigid",
  "I take the 42 bus to the hospital for my shifts.",
  "so they cut the 42 route which is great um not so then I've been cycling in for my shifts along the canal path it's actually nicer",
  "How does Brigid get to the hospital for her shifts?", "cycling", "the 42 bus",
  "they cut the 42 route", "rare split agent")
U(S, "non_native", "Aziz",
  "I buy my bread from the bakery near the station.",
  "The bakery near station was closed for renovate, so I am buying bread in Turkish market on Sunday now.",
  "Where does Aziz buy his bread?", "Turkish market", "from the bakery near the station",
  "was closed for renovate", "split")
U(S, "technical", "Yevgenia",
  "We use TeamCity for CI on a single build box.",
  "The build box died during the release freeze and nobody wanted to rebuild it, so we put everything on GitLab CI.",
  "What does Yevgenia's team use for CI?", "GitLab CI", "teamcity",
  "The build box died", "rare split")
U(S, "third_person", "Constance",
  "Constance volunteers at the animal shelter on Saturdays.",
  "With her new weekend job starting, Constance does her shelter shifts on Wednesday evenings.",
  "When does Constance volunteer at the animal shelter?", "Wednesday evenings", "on saturdays",
  "With her new weekend job starting", "split")
U(S, "we", "Rahel",
  "We heat the house with an oil boiler.",
  "Once the grant came through, we had a heat pump installed and scrapped the old oil boiler.",
  "How does Rahel heat the house?", "heat pump", "with an oil boiler",
  "Once the grant came through", "rare split")
U(S, "reason_before", "Eamon",
  "I watch the football at The Crown on Saturdays.",
  "Seeing as The Crown's shown Sky Sports the door, the lads and I go to the Dog & Duck for the match.",
  "Which pub does Eamon watch the football at?", "Dog & Duck", "at the crown",
  "Seeing as", "rare split")
U(S, "reason_after", "Lucinda",
  "I get my contact lenses from Specsavers.",
  "Given the price difference, it's an online shop, Lensway, that supplies my contacts — Specsavers was charging double, honestly.",
  "Where does Lucinda get her contact lenses?", "Lensway", "from specsavers",
  "Given the price difference", "rare split")
U(S, "emoji_slang", "Kenji",
  "I main Zelda in Smash.",
  "after that patch nerfed her to the ground 💀 so ive been maining Sheik fr",
  "Which character does Kenji main in Smash?", "Sheik", "main zelda",
  "nerfed her to the ground", "rare split")
U(S, "email", "Dorothea",
  "I'm registered to vote at my parents' address in Bath.",
  "Hi Tom, thanks for the reminder about the election. Now that I've bought the flat, I re-registered to vote here in Bristol, so I'll be at the Redland polling station. Best, Dot",
  "Where is Dorothea registered to vote?", "Bristol", "parents' address in bath",
  "Now that I've bought the flat", "split")
U(S, "bullet_list", "Caetano",
  "I keep my bike in the hallway.",
  "Flat changes:\n- neighbour complained about the hallway\n- so bike lives in the shed out back",
  "Where does Caetano keep his bike?", "shed", "in the hallway",
  "neighbour complained", "rare split")
U(S, "sms", "Tanisha",
  "My nail appointment is every other Saturday with Kim.",
  "kim went on maternity leave so im seein jess @ the same place til she's back",
  "Who does Tanisha see for her nails?", "jess", "with kim",
  "kim went on maternity leave", "rare split")
U(S, "quoted_speech", "Percival",
  "I get my news from the BBC app.",
  "\"The app kept crashing on my old tablet,\" I said, \"so it's the Guardian I read in the mornings.\"",
  "Where does Percival get his news?", "Guardian", "bbc app",
  "kept crashing", "rare split")
U(S, "diary", "Henrietta",
  "I swim at the leisure centre pool.",
  "Tuesday. Pool closed for repairs until next year, so I've taken up swimming at the lido with the wild-swim crowd. Freezing but glorious.",
  "Where does Henrietta swim?", "lido", "leisure centre pool",
  "Pool closed for repairs", "rare split")
U(S, "form_field", "Obinna",
  "Preferred contact method: phone call.",
  "Reason for update: hearing difficulties. Preferred contact method: text message only.",
  "What is Obinna's preferred contact method?", "text message", "phone call",
  "Reason for update", "rare split")

# ---------------------------------------------------------------- no_marker
Z = "no_marker"
U(Z, "we", "Sigrid",
  "We live in a two-bed flat in Gothenburg.",
  "We live in a three-bedroom house in Malmö with a small garden.",
  "Where does Sigrid live?", "Malmö", "gothenburg")
U(Z, "reason_before", "Alasdair",
  "I commute by car.",
  "With the new cycle lane on Leith Walk, I cycle to work every day.",
  "How does Alasdair commute?", "cycle", "by car")
U(Z, "reason_after", "Ximena",
  "I drink my coffee with two sugars.",
  "I take my coffee black, because the dentist gave me a talking-to about sugar.",
  "How does Ximena take her coffee?", "black", "two sugars")
U(Z, "emoji_slang", "Deshawn",
  "My fave game is Fortnite.",
  "Valorant is my whole personality rn 😤🎯",
  "What is Deshawn's favourite game?", "Valorant", "fortnite",
  "", "newfirst")
U(Z, "email", "Beatrix",
  "My work address is 14 Harbour Street, Unit 3.",
  "Dear all, please send any samples for me to Unit 9, Riverside Business Park, Falmouth. Thanks, Beatrix",
  "What is Beatrix's work address?", "Riverside Business Park", "14 harbour street")
U(Z, "bullet_list", "Lukas",
  "My standing order for the nursery is £420 a month.",
  "Monthly outgoings:\n- rent £1,150\n- nursery £510\n- phone £18",
  "How much does Lukas pay for nursery each month?", "£510", "£420")
U(Z, "sms", "Amaya",
  "I'm in room 214 at the dorm.",
  "im in 308 this sem, come by whenever",
  "What room is Amaya in at the dorm?", "308", "room 214")
U(Z, "quoted_speech", "Horatio",
  "My usual at the pub is a Guinness.",
  "\"Pint of Beavertown Neck Oil, please — it's my usual,\" I told the barman.",
  "What is Horatio's usual drink at the pub?", "Neck Oil", "guinness")
U(Z, "diary", "Gwendolyn",
  "My best friend is Polly from school.",
  "Thursday: coffee with Nell, my best friend, who always knows exactly what to say.",
  "Who is Gwendolyn's best friend?", "Nell", "polly from school")
U(Z, "form_field", "Mustafa",
  "Home address: 22 Cedar Lane, Reading.",
  "Home address: Flat 5, 9 Quarry Road, Swindon.",
  "What is Mustafa's home address?", "Quarry Road", "cedar lane")
U(Z, "reply_to_assistant", "Alessandra",
  "I work at the Marriott front desk.",
  "You asked where I work — I'm on reception at the Hilton by the airport.",
  "Where does Alessandra work?", "Hilton", "marriott")
U(Z, "first_person", "Julius",
  "I'm 82 kilos.",
  "I weighed in at 76 kilos this morning.",
  "How much does Julius weigh?", "76", "82 kilos")
U(Z, "chatty", "Poppy",
  "I teach Year 2 at Hillcrest Primary.",
  "Honestly my Reception class this year are the sweetest little chaos gremlins, I adore them.",
  "Which year group does Poppy teach?", "Reception", "year 2")
U(Z, "terse", "Rasmus",
  "Editor: VS Code.",
  "editor: neovim + lazy.nvim, tmux",
  "Which editor does Rasmus use?", "neovim", "vs code")
U(Z, "formal", "Cecily",
  "I serve as treasurer of the residents' association.",
  "In my capacity as chair of the residents' association, I wish to thank everyone who attended the meeting.",
  "What role does Cecily hold in the residents' association?", "chair", "treasurer")
U(Z, "lowercase_typos", "Darnell",
  "I work the day shift at the warehouse, 7 to 3.",
  "cant do lunch sorry, im on nights at the warehouse, 10pm till 6 so ill be asleep",
  "What shift does Darnell work?", "nights", "7 to 3")
U(Z, "voice_transcript", "Esperanza",
  "My son goes to Oakfield Elementary.",
  "okay so pickup at Lincoln Middle is at three fifteen for my son and then we go straight to piano",
  "Which school does Esperanza's son go to?", "Lincoln Middle", "oakfield elementary")

# ---------------------------------------------------------------- embedded
E = "embedded"
U(E, "quoted_speech", "Cosimo",
  "I'm on the 8:05 train from Woking every morning.",
  "At the reunion Marco asked how work was going. \"Busy,\" I said, \"and the commute's brutal — I'm on the 6:52 out of Woking to beat the crowds.\" Then we argued about football for an hour. His wife makes a brilliant tiramisu, by the way.",
  "Which train does Cosimo take in the morning?", "6:52", "8:05")
U(E, "diary", "Ondine",
  "I'm on a waiting list for an allotment.",
  "June 3rd. Rained all day, so I finally sorted the loft. Mum rang about Dad's hip — surgery is booked for August. Best news: the council gave me plot 17 at the Ashby Road allotments! Celebrated with fish and chips.",
  "Does Ondine have an allotment?", "plot 17", "waiting list",
  "gave me", "rare agent")
U(E, "form_field", "Bogdan",
  "Dietary requirements: none.",
  "Name: Bogdan Petrescu\nRoom preference: ground floor\nDietary requirements: gluten-free (coeliac, diagnosed this year)\nArrival: Friday late\nParking: yes",
  "What are Bogdan's dietary requirements?", "gluten-free", "none",
  "diagnosed this year", "rare timeword")
U(E, "reply_to_assistant", "Yolanda",
  "I volunteer as a reading helper at the primary school on Mondays.",
  "Thanks for the recipe, I'll try it tonight. To answer your other questions: my sister's visiting next week, and the reading helper slot went to Thursdays after the new timetable. Also, any tips for keeping basil alive?",
  "Which day does Yolanda volunteer as a reading helper?", "Thursdays", "on mondays",
  "went to", "rare")
U(E, "first_person", "Anselm",
  "My car insurance is with Aviva.",
  "Long week. I finally got the boiler fixed, renewed my car insurance with Admiral because it came in £200 cheaper, and booked flights to Vienna for Christmas. My back is still bad though.",
  "Who is Anselm's car insurance with?", "Admiral", "with aviva",
  "renewed my car insurance with", "rare")
U(E, "chatty", "Rosalie",
  "My book club reads one book a month.",
  "Book club was SO fun last night! Janine brought her famous lemon bars, and we ended up talking about everyone's holidays more than the book, lol. We voted to do two books a month from now on since everyone's reading so fast. Next up is a Murakami!",
  "How many books a month does Rosalie's book club read?", "two books a month", "one book a month",
  "voted", "timeword")
U(E, "terse", "Ivo",
  "Weekly long ride: Saturday, 60k.",
  "wk recap:\ntempo run tue ✔\nlong ride → Sundays, 90k (too wrecked on sats)\nyoga ✗\nknee ok",
  "How far is Ivo's weekly long ride?", "90k", "saturday, 60k",
  "→", "rare")
U(E, "formal", "Eleanora",
  "My annual salary is £48,000.",
  "Following my review, I am writing to confirm a few items. My line manager has approved a salary of £53,500, effective from the April payroll. I also request that my annual leave carry-over of three days be recorded. Finally, my parking permit will need renewing in June.",
  "What is Eleanora's salary?", "£53,500", "£48,000",
  "approved", "rare agent timeword")
U(E, "lowercase_typos", "Kirra",
  "I work at the café on Beach Road.",
  "hey sorry for late reply!! been flat out, quit the cafe on beach rd and started at the surf shop last monday, loving it. also my sister had her baby, a girl!! and i think my car needs new tyres ugh",
  "Where does Kirra work?", "surf shop", "café on beach road",
  "started at", "rare timeword")
U(E, "voice_transcript", "Obadiah",
  "I'm on 40 mg of atorvastatin.",
  "right so the appointment went fine the nurse weighed me all good um the doctor dropped the statin down to 20 mg because my liver numbers were a bit off and then I had to run to pick up the dog from the groomer",
  "What dose of atorvastatin is Obadiah on?", "20 mg", "40 mg",
  "dropped the statin down to", "rare agent")
U(E, "non_native", "Mihaela",
  "I am living with my cousin in Dublin.",
  "Hello, thank you for your message. Everything is good here, the weather is terrible as always. My job is same, but I live alone in a studio in Drumcondra since two weeks. My cousin was sad but it is better for both of us.",
  "Who does Mihaela live with?", "alone", "with my cousin",
  "since two weeks", "rare timeword")
U(E, "technical", "Adebayo",
  "Our staging environment runs on a single t3.large instance.",
  "Sprint notes: finished the auth refactor; flaky test in payments still open. Staging sits on a three-node EKS cluster after Thursday's infra work, so expect new URLs. Retro will be on Friday.",
  "What does Adebayo's team run staging on?", "EKS", "single t3.large",
  "sits on", "rare timeword")
U(E, "third_person", "Seraphina",
  "Seraphina takes the number 9 bus to school.",
  "Parent meeting notes — Seraphina: reading well above level; needs encouragement in maths; gets dropped off by her grandad now that the number 9 was cut; friendly with Maya and Jo.",
  "How does Seraphina get to school?", "grandad", "takes the number 9 bus",
  "now that the number 9 was cut", "agent")
U(E, "we", "Torvald",
  "We get our milk delivered by the milkman three times a week.",
  "We had a lovely weekend at the coast. The kids found crabs. On the home front, we've cancelled the milkman. Oat milk from the co-op is what we drink — the youngest can't do dairy. Anyway, hope you're all well!",
  "What milk does Torvald's household get?", "Oat milk", "delivered by the milkman",
  "cancelled the milkman", "rare split newfirst")
U(E, "reason_before", "Ysolde",
  "My piano teacher is Mrs. Lindqvist.",
  "Since Mrs. Lindqvist retired to the coast, a lot has shifted. I practise in the mornings, I've joined a community choir, and my lessons are with a young conservatoire student called Pavel. He's strict but funny.",
  "Who is Ysolde's piano teacher?", "Pavel", "my piano teacher is mrs. lindqvist",
  "a lot has shifted", "rare split")
U(E, "reason_after", "Branimir",
  "I keep my photos on Google Photos.",
  "Quick life update: got a new job, still in the same flat, and the cat is fat as ever. My photos live on a Synology NAS at home, since I didn't want to keep paying for cloud storage. Oh and I'm learning to bake sourdough.",
  "Where does Branimir keep his photos?", "Synology", "google photos",
  "live on", "rare")
U(E, "emoji_slang", "Nia",
  "My fave coffee spot is Grindhouse.",
  "ok updates 📢 passed my driving test!!! 🚗 mom's bday dinner sat.\nGrindhouse is dead to me after the price hike ☠️\nBean Scene is the new spot ☕💅",
  "What is Nia's favourite coffee spot?", "Bean Scene", "fave coffee spot is grindhouse",
  "dead to me", "rare split newfirst")

# ---------------------------------------------------------------- negation_only
G = "negation_only"
U(G, "formal", "Ambrose",
  "I drink a glass of red wine with dinner most evenings.",
  "I have given up alcohol entirely on medical advice.",
  "Does Ambrose drink alcohol?", "given up", "glass of red wine",
  "given up", "rare")
U(G, "lowercase_typos", "Shonda",
  "I'm on Weight Watchers and go to the Tuesday meetings.",
  "packed in weight watchers, wasnt working for me and the meetings were a drag",
  "Is Shonda still doing Weight Watchers?", "packed in", "tuesday meetings",
  "packed in", "rare")
U(G, "voice_transcript", "Leroy",
  "I coach the under-10s basketball team on Saturdays.",
  "yeah so I'm not coaching the kids anymore um I handed the team over to Jerome at the end of the season my knees just couldn't",
  "Does Leroy coach the under-10s basketball team?", "not coaching", "on saturdays",
  "anymore")
U(G, "non_native", "Hoang",
  "I take my kids to Vietnamese class every Sunday.",
  "My kids don't go to the Vietnamese class now, the teacher go back to Hanoi and class is closed.",
  "Do Hoang's kids go to Vietnamese class?", "don't go", "every sunday",
  "now")
U(G, "technical", "Saoirse",
  "I'm on the on-call rotation for the payments team.",
  "Got taken off the payments on-call rota after the reorg, zero pages since.",
  "Is Saoirse on the payments on-call rotation?", "taken off", "rotation for the payments team",
  "taken off", "rare agent")
U(G, "third_person", "Wolfgang",
  "Wolfgang smokes a pipe in the evenings.",
  "Wolfgang has kicked the pipe habit — tobacco-free since New Year.",
  "Does Wolfgang smoke?", "kicked", "in the evenings",
  "kicked", "rare timeword")
U(G, "we", "Imogen",
  "We pay for Disney+ for the kids.",
  "Disney+ got the chop last month — the kids had watched everything twice.",
  "Does Imogen's household have Disney+?", "got the chop", "we pay for disney+",
  "got the chop", "rare timeword")
U(G, "reason_before", "Caradoc",
  "I play the lottery every Saturday.",
  "After working out how much I'd spent in ten years, I stopped buying lottery tickets altogether.",
  "Does Caradoc play the lottery?", "stopped", "every saturday",
  "stopped", "")
U(G, "reason_after", "Fiorella",
  "I'm a member of the Pilates studio on King Street.",
  "I let my Pilates membership lapse, it was costing a fortune for two classes a month.",
  "Is Fiorella a member of a Pilates studio?", "lapse", "member of the pilates studio",
  "let my Pilates membership lapse", "rare")
U(G, "emoji_slang", "Brayden",
  "I vape, mostly mango flavour.",
  "officially vape-free 30 days 🚭💪 lungs thank me",
  "Does Brayden vape?", "vape-free", "mango flavour",
  "vape-free", "rare")
U(G, "email", "Winifred",
  "I'm the secretary of the village cricket club.",
  "Dear Committee, As announced at the AGM, I have stepped down as secretary, effective immediately. Thank you all for the last six years. Warm regards, Winifred",
  "Is Winifred the secretary of the cricket club?", "stepped down", "i'm the secretary",
  "stepped down", "rare")
U(G, "bullet_list", "Eskil",
  "I take vitamin D and fish oil every morning.",
  "Supplements review:\n- fish oil: dropped (no benefit per bloods)\n- vitamin D: dropped for summer\n- daily supplements: none",
  "Does Eskil take any supplements?", "dropped", "every morning",
  "dropped", "rare")
U(G, "sms", "Kiana",
  "I have a gym membership at Gold's.",
  "cancelld my golds membership lol poor era 💸",
  "Does Kiana have a gym membership?", "cancelld", "membership at gold's",
  "cancelld", "rare")
U(G, "quoted_speech", "Lysander",
  "I'm on antidepressants, sertraline 50.",
  "My psychiatrist said, \"You've done really well — let's taper you off completely,\" and as of last week I'm off the sertraline.",
  "Is Lysander on antidepressants?", "off the sertraline", "sertraline 50",
  "taper you off", "rare split agent timeword")
U(G, "diary", "Marjolein",
  "I bite my nails when I'm stressed.",
  "Week 6 without biting my nails! They actually look like nails.",
  "Does Marjolein bite her nails?", "without biting", "when i'm stressed",
  "Week 6 without", "rare timeword")
U(G, "form_field", "Chidi",
  "Smoker: yes, 10/day",
  "Smoker: ex-smoker (quit Oct)",
  "Does Chidi smoke?", "ex-smoker", "yes, 10/day",
  "ex-smoker", "rare timeword")
U(G, "reply_to_assistant", "Agnieszka",
  "I drive my daughter to ballet on Wednesdays.",
  "No need to remind me about ballet on Wednesdays — Zosia gave it up at Christmas, she's all about swimming.",
  "Does Agnieszka's daughter still do ballet?", "gave it up", "drive my daughter to ballet",
  "gave it up", "rare timeword")

# ================================================================ CONTROLS
R = "relative_subject"
C(R, "reason_before", "Huxley",
  "I work as a paramedic in Cardiff.",
  "Because the hospital offered better hours, my wife switched from paramedic work to a nursing job in Newport.",
  "Where does Huxley work as a paramedic?", "Cardiff", "paramedic in Cardiff")
C(R, "reason_after", "Tamsin",
  "I drive a Nissan Leaf.",
  "My dad's just traded his diesel for a Tesla Model Y, mostly because he was jealous of mine.",
  "What car does Tamsin drive?", "Leaf", "Nissan Leaf")
C(R, "emoji_slang", "Kalani",
  "I'm a vegetarian 🌱",
  "bestie went full carnivore diet lmaooo 🥩🥩 she's unhinged",
  "What is Kalani's diet?", "vegetarian", "vegetarian")
C(R, "email", "Fitzgerald",
  "I bank with Lloyds.",
  "Hi Jane, My son has just opened his first account with Starling — could you send his pocket money there from now on? Thanks, Fitz",
  "Who does Fitzgerald bank with?", "Lloyds", "bank with Lloyds")
C(R, "bullet_list", "Henrike",
  "I live in Hamburg-Altona.",
  "Family news:\n- brother moved to Munich for the new job\n- Oma turned 90\n- cousin Greta got engaged",
  "Where does Henrike live?", "Altona", "Hamburg-Altona")
C(R, "sms", "Dashawn",
  "I work nights at the distribution center.",
  "my roommate quit the warehouse job, hes doin uber eats now lol",
  "Where does Dashawn work?", "distribution center", "nights at the distribution center")
C(R, "quoted_speech", "Esmé",
  "I'm a primary school teacher.",
  "\"I've finally handed in my notice,\" my flatmate told me last night, \"I'm going to be a full-time potter.\"",
  "What is Esmé's job?", "teacher", "primary school teacher")
C(R, "diary", "Barnaby",
  "I take the 7:40 ferry to the island for work.",
  "Friday. Dad's given up the car for good and takes the bus everywhere. Felt odd seeing him at the stop.",
  "How does Barnaby get to work?", "ferry", "7:40 ferry")
C(R, "form_field", "Adaeze",
  "Employer: Lagos State Ministry of Health",
  "Spouse employer: Dangote Group (from 01/03)",
  "Who is Adaeze's employer?", "Ministry of Health", "Lagos State Ministry of Health")
C(R, "reply_to_assistant", "Teodor",
  "I'm allergic to peanuts.",
  "You asked about allergies for the party — my girlfriend is allergic to shellfish, so maybe skip the prawns.",
  "What is Teodor allergic to?", "peanuts", "allergic to peanuts")
C(R, "first_person", "Maelle",
  "I'm in the Thursday evening choir at St Jude's.",
  "My husband has joined the Tuesday choir at the Methodist hall.",
  "Which choir is Maelle in?", "Thursday", "Thursday evening choir")
C(R, "chatty", "Lachlan",
  "I support the Brisbane Broncos.",
  "lol my girlfriend's converted to a Storm fan, we can't watch games together anymore without a fight",
  "Which rugby league team does Lachlan support?", "Broncos", "Brisbane Broncos")
C(R, "terse", "Oriana",
  "Dentist: Dr. Patel, Smile Studio.",
  "kids' dentist → Dr. Osei, Happy Teeth",
  "Who is Oriana's dentist?", "Patel", "Dr. Patel")
C(R, "formal", "Lavinia",
  "I reside in Bath, at Royal Crescent.",
  "My mother has relocated to a care home in Salisbury, where she will reside permanently.",
  "Where does Lavinia live?", "Bath", "I reside in Bath")

A = "additive"
C(A, "diary", "Rosamund",
  "I have a tabby cat called Miso.",
  "Nov 2. Brought home a rescue greyhound today — Miso is deeply unimpressed.",
  "What is the name of Rosamund's cat?", "Miso", "tabby cat called Miso")
C(A, "form_field", "Ikenna",
  "Languages: English, Igbo",
  "Languages (added): French — B1",
  "Does Ikenna speak Igbo?", "Igbo", "English, Igbo")
C(A, "reply_to_assistant", "Soledad",
  "I play the cello in a community orchestra.",
  "Since you asked about hobbies: I've also started learning the ukulele, just for fun at home.",
  "What instrument does Soledad play in the orchestra?", "cello", "cello")
C(A, "first_person", "Gideon",
  "I keep chickens — four hens.",
  "I've added two ducks to the backyard flock.",
  "How many hens does Gideon keep?", "four hens", "four hens")
C(A, "chatty", "Aroha",
  "I'm learning te reo Māori at night classes.",
  "Oh and guess what, I've picked up Spanish on Duolingo as well, my streak is 40 days!!",
  "What language is Aroha learning at night classes?", "Māori", "te reo Māori")
C(A, "terse", "Quentin",
  "Cars: 2019 Skoda Octavia estate.",
  "+ 1989 MX-5 for weekends 😎",
  "What estate car does Quentin have?", "Octavia", "Skoda Octavia")
C(A, "formal", "Bernadette",
  "I hold a current account with HSBC.",
  "I have additionally opened a savings account with Zopa for my emergency fund.",
  "Where is Bernadette's current account?", "HSBC", "current account with HSBC")
C(A, "lowercase_typos", "Jonty",
  "I play squash on mondays.",
  "started padel too, wednesdays w the lads, its adictive",
  "What does Jonty play on Mondays?", "squash", "squash on mondays")
C(A, "voice_transcript", "Fatoumata",
  "I volunteer at the food bank on Saturdays.",
  "and um on top of the food bank I'm doing the soup kitchen on Tuesday nights too since my friend roped me in",
  "When does Fatoumata volunteer at the food bank?", "Saturdays", "food bank on Saturdays")
C(A, "non_native", "Radek",
  "I work as a welder in a shipyard.",
  "Also I am doing one more job in weekends, I drive for delivery company, for extra money.",
  "What is Radek's main job?", "welder", "welder in a shipyard")
C(A, "technical", "Ayesha",
  "Our backend is written in Go.",
  "We added a small Rust service for the image-processing hot path.",
  "What language is most of Ayesha's team's backend written in?", "in Go", "written in Go")
C(A, "third_person", "Cassius",
  "Cassius is fluent in Portuguese.",
  "Cassius passed his B2 German exam in the spring.",
  "Which language is Cassius fluent in?", "Portuguese", "fluent in Portuguese")
C(A, "we", "Thandeka",
  "We have a vegetable patch in the back garden.",
  "We've put in two raised beds for herbs at the front as well.",
  "Where is Thandeka's vegetable patch?", "back garden", "vegetable patch in the back garden")
C(A, "reason_before", "Stellan",
  "I have a Spotify family plan.",
  "Since the kids wanted the Marvel films, we also got Disney+.",
  "Which music streaming service does Stellan use?", "Spotify", "Spotify family plan")

O = "other_slot"
C(O, "lowercase_typos", "Brody",
  "I drive a black Ford Ranger.",
  "finaly paid off the ranger!! no more car payments woo",
  "What car does Brody drive?", "Ford Ranger", "black Ford Ranger")
C(O, "voice_transcript", "Magdalena",
  "I live in Kraków in the Kazimierz district.",
  "so yeah we just repainted the whole flat um the living room's green now it looks amazing",
  "Which district of Kraków does Magdalena live in?", "Kazimierz", "Kazimierz")
C(O, "non_native", "Joaquín",
  "I work at Banco Santander in the IT department.",
  "My boss in Santander is changed, new boss is a woman from Madrid, very nice.",
  "Which department does Joaquín work in?", "IT department", "IT department")
C(O, "technical", "Ludmila",
  "Our main database is PostgreSQL 15.",
  "We moved the Postgres primary to a bigger instance class, r6g.2xlarge.",
  "Which database version does Ludmila's team run?", "PostgreSQL 15", "PostgreSQL 15")
C(O, "third_person", "Evander",
  "Evander lives in Toronto.",
  "Evander moved into a bigger apartment on the 14th floor of the same building.",
  "Which city does Evander live in?", "Toronto", "lives in Toronto")
C(O, "we", "Yaretzi",
  "We have a golden retriever called Mango.",
  "We've got Mango on a new grain-free food since her tummy issues.",
  "What breed is Yaretzi's dog?", "golden retriever", "golden retriever called Mango")
C(O, "reason_before", "Ansel",
  "My mortgage is with Halifax.",
  "Because rates dropped, I fixed my mortgage for five years at 4.1% — same lender, just a new deal.",
  "Who is Ansel's mortgage with?", "Halifax", "mortgage is with Halifax")
C(O, "reason_after", "Tallulah",
  "I work at the Natural History Museum as a conservator.",
  "I've gone down to four days a week at the museum, because I'm doing a part-time master's.",
  "What is Tallulah's job?", "conservator", "conservator")
C(O, "emoji_slang", "Jamal",
  "I have an iPhone 13.",
  "cracked my phone screen AGAIN 😭😭 new screen protector this time fr",
  "What phone does Jamal have?", "iPhone 13", "iPhone 13")
C(O, "email", "Cressida",
  "My office is in the Shard.",
  "Hi team, from Monday my working hours will be 8–4 rather than 9–5 to fit the school run. Thanks, Cressida",
  "Which building is Cressida's office in?", "Shard", "in the Shard")
C(O, "bullet_list", "Torsten",
  "I go to a Krav Maga class at Urban Defence.",
  "Krav Maga notes:\n- new instructor: Dana\n- class moved to 7pm\n- bring gloves",
  "Where does Torsten go to Krav Maga?", "Urban Defence", "Urban Defence")
C(O, "sms", "Latoya",
  "My flat is a 2-bed in Peckham.",
  "landlord finally fixed the boiler in my flat, hot water again!!",
  "Where is Latoya's flat?", "Peckham", "2-bed in Peckham")
C(O, "quoted_speech", "Benedetta",
  "I teach maths at Westfield Academy.",
  "\"You're head of year 9 from September,\" the principal told me today.",
  "What subject does Benedetta teach?", "maths", "maths at Westfield Academy")
C(O, "diary", "Cuthbert",
  "My allotment is plot 42 at Greenside.",
  "Wet Sunday. Dug over the allotment and put in the broad beans and garlic; the shed roof needs felting.",
  "Which plot is Cuthbert's allotment?", "42", "plot 42")

W = "same_word_other_thing"
C(W, "reason_after", "Noor",
  "My work laptop is a Dell Latitude.",
  "I bought myself a MacBook Air for personal stuff, because I didn't want my photos on the company machine.",
  "What is Noor's work laptop?", "Dell", "Dell Latitude")
C(W, "emoji_slang", "Kai",
  "my car is a beat up 2009 corolla 🚗",
  "sis just got a brand new tesla 😭 meanwhile me",
  "What car does Kai drive?", "corolla", "2009 corolla")
C(W, "email", "Philippe",
  "My main bank account is with Crédit Agricole.",
  "Dear HR, please pay my travel expenses into my business account at Qonto. Regards, Philippe",
  "Where is Philippe's main bank account?", "Crédit Agricole", "Crédit Agricole")
C(W, "bullet_list", "Aurora",
  "My running watch is a Garmin Forerunner 255.",
  "Gear update:\n- everyday watch: Casio F-91W (lost the Seiko)\n- headlamp: Petzl",
  "What running watch does Aurora use?", "Garmin", "Garmin Forerunner 255")
C(W, "sms", "Dominik",
  "my home gym is the basement, squat rack + bench",
  "joined a gym near work 4 lunch sessions, £25/mo",
  "Where is Dominik's home gym?", "basement", "home gym is the basement")
C(W, "quoted_speech", "Mariana",
  "My yoga teacher is Joana.",
  "\"Your new teacher will be Mr. Duarte,\" the language school told me when I signed up for Italian.",
  "Who is Mariana's yoga teacher?", "Joana", "yoga teacher is Joana")
C(W, "diary", "Cornelius",
  "My touring bike is a steel Surly Long Haul Trucker.",
  "Sat. Picked up a used Tern as a commuting bike; folding it onto the train is a dream.",
  "Which bike does Cornelius use for touring?", "Surly", "Surly Long Haul Trucker")
C(W, "form_field", "Ophelia",
  "Primary phone: mobile 07700 900811",
  "Work phone: 020 7946 0321 (ext. 220)",
  "What is Ophelia's primary phone number?", "07700 900811", "07700 900811")
C(W, "reply_to_assistant", "Arjun",
  "I see Dr. Mehta for my asthma.",
  "About your question on appointments — my new physio is a guy called Rob at the sports clinic.",
  "Which doctor does Arjun see for his asthma?", "Mehta", "Dr. Mehta")
C(W, "first_person", "Hedda",
  "My winter coat is a long navy wool one from COS.",
  "I bought a yellow rain jacket for the autumn walks.",
  "What is Hedda's winter coat like?", "navy", "navy wool")
C(W, "chatty", "Pilar",
  "My favourite restaurant is Casa Lucio.",
  "Ooh my new favourite bakery is this tiny place called Miga, their croissants are insane!",
  "What is Pilar's favourite restaurant?", "Casa Lucio", "Casa Lucio")
C(W, "terse", "Magnus",
  "Home router: Fritz!Box 7590.",
  "office router → Ubiquiti Dream Machine",
  "What router does Magnus have at home?", "Fritz", "Fritz!Box 7590")
C(W, "formal", "Griselda",
  "My personal accountant is Mr. Ferreira.",
  "The company's accountant is now Harwood & Co., following the board's decision.",
  "Who is Griselda's personal accountant?", "Ferreira", "Mr. Ferreira")
C(W, "lowercase_typos", "Tate",
  "My phone plan is with Three, unlimited data.",
  "got a new phone case, its a clear one w glitter lol",
  "Who is Tate's phone plan with?", "Three", "with Three")

P = "hypothetical_or_plan"
C(P, "form_field", "Ingólfur",
  "Current employer: Marel",
  "Desired employer (future): Össur — applied, awaiting reply",
  "Who is Ingólfur's current employer?", "Marel", "Marel")
C(P, "reply_to_assistant", "Carolina",
  "I live in Valencia.",
  "Since you asked about my plans — I might move to Lisbon next year if the remote job works out.",
  "Where does Carolina live?", "Valencia", "live in Valencia")
C(P, "first_person", "Dieter",
  "I drive a diesel VW Passat.",
  "I'm thinking about switching to an electric car once the Passat dies, maybe an ID.4.",
  "What car does Dieter drive?", "Passat", "VW Passat")
C(P, "chatty", "Ekaterina",
  "I'm vegetarian.",
  "Tbh I keep flirting with the idea of going vegan, like maybe in January? We'll see lol",
  "What is Ekaterina's diet?", "vegetarian", "vegetarian")
C(P, "terse", "Wojciech",
  "ISP: Orange, 300Mb.",
  "considering Play fibre — cheaper? tbd",
  "Who is Wojciech's internet provider?", "Orange", "Orange")
C(P, "formal", "Octavia",
  "I am employed as a senior analyst at Barclays.",
  "Should I be offered the vice-president role in the restructuring, I would relocate to the New York office.",
  "What is Octavia's job?", "senior analyst", "senior analyst at Barclays")
C(P, "lowercase_typos", "Rhys",
  "I live with my parents in Swansea.",
  "if i get the grad scheme im gonna move out to cardiff, fingers crossed",
  "Where does Rhys live?", "Swansea", "parents in Swansea")
C(P, "voice_transcript", "Imelda",
  "I work part-time at the pharmacy, three days a week.",
  "so I was thinking maybe I'd go full-time at the pharmacy if they offer it um but I haven't asked yet",
  "How many days a week does Imelda work at the pharmacy?", "three days", "three days a week")
C(P, "non_native", "Jun",
  "I study at Seoul National University.",
  "Maybe next year I will transfer to university in Toronto, my parents want, but I am not sure.",
  "Where does Jun study?", "Seoul National", "Seoul National University")
C(P, "technical", "Anouk",
  "Our frontend is built with Angular.",
  "We're spiking a React rewrite of the settings page to see if it's worth migrating the whole app — no decision yet.",
  "What framework is Anouk's team's frontend built with?", "Angular", "built with Angular")
C(P, "third_person", "Laszlo",
  "Laszlo commutes by train.",
  "Laszlo is weighing up getting an e-bike for the commute if the company scheme covers it.",
  "How does Laszlo commute?", "train", "commutes by train")
C(P, "we", "Amandine",
  "We rent a flat in Lyon's 7th arrondissement.",
  "We've started looking at houses to buy outside the city, but nothing's decided.",
  "Where does Amandine live?", "Lyon", "7th arrondissement")
C(P, "reason_before", "Sebastián",
  "I bank with BBVA.",
  "Because of the fees, I'm seriously considering opening an account with N26 and closing BBVA.",
  "Who does Sebastián bank with?", "BBVA", "bank with BBVA")
C(P, "reason_after", "Hiroshi",
  "I play tennis every Sunday morning.",
  "I might give up tennis next season because my elbow keeps flaring up.",
  "When does Hiroshi play tennis?", "Sunday", "tennis every Sunday")
