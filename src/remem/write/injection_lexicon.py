"""The concepts injection evidence is built from, in fifteen languages.

Each concept is one idea an injection needs — the assistant as the one addressed,
an order to disregard what it was told, a secret, a destination outside, hiding
something from the user, acting without asking, a claim that the user already
agreed, "forever" — written once per language (English, German, French,
Spanish, Portuguese, Italian, Dutch, Polish, Turkish, Russian, Chinese,
Japanese, Korean, Arabic, Hindi) with its usual inflections. The table is fixed
by the concepts and the languages, not grown per example;
:mod:`remem.write.evidence` combines the concepts by structure (which ones
co-occur in one sentence) into a score. Latin-script words are matched whole;
scripts without spaces (Chinese, Japanese) as substrings.
"""

from __future__ import annotations

import re

__all__ = ["CONCEPTS", "compiled"]


def _words(*alternatives: str) -> str:
    """Latin/Cyrillic alternatives matched as whole words."""
    return r"(?<![\w-])" + _alternation(alternatives) + r"(?![\w])"


def _any(*alternatives: str) -> str:
    """Alternatives matched anywhere (scripts without spaces, or affixes)."""
    return _alternation(alternatives)


# A literal word or phrase, maybe with one optional last letter ("models?") or any
# ending ("ignorier\w*"): these go into a prefix tree, so a search tries a few
# branches per position instead of every alternative.
_LITERAL = re.compile(
    r"(?P<body>(?:[^\\()\[\]{}?*+|^$.]|\\[.\-/$])+?)(?P<opt>[^\\()\[\]{}?*+|^$.]\?)?(?P<stem>\\w\*)?"
)


def _alternation(alternatives: tuple[str, ...]) -> str:
    words: list[str] = []
    stems: list[str] = []
    rest: list[str] = []
    for alt in alternatives:
        m = _LITERAL.fullmatch(alt)
        if m is None or alt.startswith("(?"):
            rest.append(alt)
            continue
        body = m.group("body").replace("\\", "")
        forms = [body + m.group("opt")[0], body] if m.group("opt") else [body]
        (stems if m.group("stem") else words).extend(forms)
    parts = ([_trie(words)] if words else []) + ([_trie(stems) + r"\w*"] if stems else []) + rest
    return "(?:" + "|".join(parts) + ")"


def _trie(literals: list[str]) -> str:
    """One regex for many literals, factored by common prefixes (longest first)."""
    root: dict[str, dict] = {}
    for literal in literals:
        node = root
        for char in literal:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict[str, dict]) -> str:
        ends = "" in node
        branches = [re.escape(c) + build(node[c]) for c in sorted(k for k in node if k)]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if ends:
            body = "(?:" + body + ")?"
        return body

    return build(root)


# The assistant (or model, agent, bot) as a noun.
AI = _any(
    _words(
        r"ai", r"a\.i\.", r"assistants?", r"agents?", r"models?", r"llms?", r"language models?",
        r"chat-?bots?", r"bots?", r"gpt", r"chatgpt", r"claude", r"copilot", r"gemini",
        r"ki", r"ki-assistent(?:en)?", r"assistent(?:en)?", r"sprachmodell",
        r"ia", r"assistante?s?", r"l'assistant", r"l'ia", r"asistentes?", r"assistentes?",
        r"assistenti", r"asystent(?:a|ie|ów)?", r"asistan\w*", r"yapay zek[aâ]",
        r"ии", r"ассистент\w*", r"помощник\w*", r"нейросет\w*", r"бот\w*",
    ),
    r"ai助手", r"助手", r"人工智能", r"智能体", r"アシスタント", r"エージェント", r"ボット",
    r"어시스턴트", r"에이전트", r"인공지능", r"المساعد", r"مساعد", r"الذكاء الاصطناعي",
    r"सहायक", r"एआई",
)  # fmt: skip

# Disregarding: the verbs.
DISREGARD = _any(
    _words(
        r"ignor(?:e|ing)", r"disregard(?:ing)?", r"(?:be|been|being) (?:ignored|disregarded)",
        r"forget", r"override", r"bypass",
        r"discard", r"ignorier\w*", r"missacht\w*", r"vergiss", r"vergessen",
        r"ignor(?:ez|er|ons|e|ées?)", r"oublie[zr]?", r"ignora[rd]?", r"ignoren", r"olvida\w*",
        r"desconsider\w*", r"esque[çc]a\w*", r"dimentica\w*", r"negeer\w*", r"vergeet",
        r"(?:z)?ignoruj\w*", r"zapomnij", r"yok say\w*", r"görmezden gel\w*", r"unut\w*",
        r"игнорир\w*", r"забудь\w*", r"не обращай\w*",
    ),
    r"忽略", r"无视", r"忘记", r"忘掉", r"無視", r"忘れ", r"무시", r"잊어", r"تجاهل", r"انس",
    r"अनदेखा", r"नज़रअंदाज़", r"भूल जा",
)  # fmt: skip

# What it was told: instructions, rules, its prompt.
INSTRUCTIONS = _any(
    _words(
        r"instructions?", r"prompts?", r"system prompt", r"directives?", r"guidelines",
        r"rules", r"orders", r"programming", r"anweisung(?:en)?", r"instruktion(?:en)?",
        r"vorgaben", r"regeln", r"consignes?", r"règles", r"instrucci(?:ón|ones)", r"reglas",
        r"indicaciones", r"instruç(?:ão|ões)", r"regras", r"istruzion[ei]", r"regole",
        r"instructies?", r"regels", r"instrukcj[eai]", r"polecenia", r"zasady",
        r"talimat(?:lar)?\w*", r"kurallar\w*", r"yönerge\w*", r"инструкци\w*", r"указани\w*",
        r"правил\w*", r"промпт\w*",
    ),
    r"指令", r"指示", r"规则", r"提示词", r"命令", r"ルール", r"プロンプト", r"지시", r"지침",
    r"명령", r"규칙", r"프롬프트", r"التعليمات", r"الإرشادات", r"الأوامر", r"القواعد",
    r"निर्देश", r"नियम",
)  # fmt: skip

# Which of them: the earlier, all, the system's, yours.
PRIOR = _any(
    _words(
        r"previous", r"prior", r"earlier", r"above", r"preceding", r"former", r"original",
        r"initial", r"all", r"your", r"system", r"developer", r"safety", r"saved",
        r"vorherige\w*", r"bisherige\w*", r"früher\w*", r"obige\w*", r"alle\w*", r"deine\w*",
        r"system\w*", r"précédent\w*", r"antérieur\w*", r"toutes?", r"tes", r"vos",
        r"système", r"anterior(?:es)?", r"previas?", r"todas?", r"tus", r"sistema",
        r"precedent[ei]", r"tutte", r"eerdere", r"vorige", r"systeem", r"poprzedni\w*",
        r"wszystki\w*", r"systemow\w*", r"önceki", r"tüm", r"bütün", r"sistem\w*",
        r"предыдущ\w*", r"прежн\w*", r"все", r"системн\w*",
    ),
    r"之前", r"以前", r"先前", r"上述", r"所有", r"系统", r"これまで", r"以前の", r"前の",
    r"すべて", r"全て", r"システム", r"이전", r"모든", r"시스템", r"السابقة", r"جميع",
    r"النظام", r"पिछले", r"सभी", r"सिस्टम",
)  # fmt: skip

# Standing above the rest: precedence claims.
PRECEDENCE = _any(
    _words(
        r"take[sn]? precedence", r"supersedes?", r"override[sd]?", r"replaces?", r"wins",
        r"authoritative", r"highest[- ]priority", r"only valid", r"only (?:the )?rules",
        r"prioriti[sz]e\w*", r"over any", r"ersetz\w*", r"vorrang", r"remplacent",
        r"priment", r"sustituyen", r"prevalecen", r"substituem", r"prevalecem",
        r"sostituiscono", r"prevalgono", r"vervangen", r"voorrang", r"zastępują",
        r"pierwszeństwo", r"geçersiz kıl\w*", r"öncelik\w*", r"заменяют", r"приоритет\w*",
        r"важнее",
    ),
    r"优先", r"取代", r"より優先", r"最優先", r"優先", r"보다 우선", r"우선해서", r"우선",
    r"الأولوية", r"تتجاوز", r"प्राथमिकता",
)  # fmt: skip

# Secrets and private data.
SECRET = _any(
    _words(
        r"(?:api|access|secret|private|ssh|signing|deploy) ?keys?", r"api[- ]?tokens?",
        r"tokens?", r"passwords?", r"passphrases?", r"credentials?", r"secrets?", r"cookies?",
        r"session (?:cookies?|tokens?|ids?)", r"env(?:ironment)? variables?", r"\.env",
        r"\.ssh", r"id_rsa", r"mfa", r"2fa", r"(?:mfa )?recovery codes?", r"otp",
        r"conversations?", r"chat (?:logs?|history|transcripts?)", r"chat", r"memories",
        r"stored memories", r"address book", r"contacts?(?: list)?", r"system prompt",
        r"[a-z][a-z0-9]*_(?:api_)?(?:key|token|secret|password)\w*",
        r"passwörter", r"passwort", r"schlüssel", r"zugangsdaten", r"geheimnisse?",
        r"chatverlauf", r"gesprächsverlauf", r"mots? de passe", r"clés?", r"identifiants",
        r"historique", r"contraseñas?", r"claves?", r"credenciales", r"secretos?",
        r"conversación", r"historial", r"senhas?", r"chaves?", r"credenciais", r"segredos?",
        r"conversa", r"histórico", r"chiavi", r"credenziali", r"segreti", r"conversazione",
        r"cronologia", r"wachtwoorden", r"sleutels", r"inloggegevens", r"geheimen",
        r"gesprek", r"hasła", r"hasło", r"klucz\w*", r"dane logowania", r"sekrety",
        r"rozmow\w*", r"şifre\w*", r"parola\w*", r"anahtar\w*", r"kimlik bilgileri",
        r"konuşma\w*", r"sohbet\w*", r"пароль", r"пароли", r"ключ\w*", r"учетн\w* данн\w*",
        r"секрет\w*", r"токен\w*", r"переписк\w*", r"разговор\w*", r"истори\w* чата",
    ),
    r"密码", r"密钥", r"凭证", r"令牌", r"对话", r"聊天记录", r"パスワード", r"認証情報",
    r"トークン", r"秘密鍵", r"apiキー", r"会話", r"チャット履歴", r"비밀번호", r"자격 증명",
    r"토큰", r"대화", r"키를", r"كلمات المرور", r"كلمة المرور", r"مفاتيح", r"بيانات الاعتماد",
    r"المحادثة", r"पासवर्ड", r"कुंजी", r"क्रेडेंशियल", r"टोकन", r"बातचीत", r"फ़ाइल की सामग्री",
)  # fmt: skip

# Moving data somewhere: the verbs.
SEND = _any(
    _words(
        r"send\w*", r"forward\w*", r"post(?:s|ed|ing)?", r"upload\w*", r"transmit\w*",
        r"e-?mail(?:s|ed|ing)?", r"mail", r"leak\w*", r"exfiltrat\w*", r"copy", r"copies",
        r"mirror\w*", r"sync\w*", r"append\w*", r"include\w*", r"export\w*", r"share",
        r"write (?:\w+ )?(?:in|into|to)", r"put (?:\w+ )?(?:in|into)", r"paste\w*",
        r"sende\w*", r"schick\w*", r"übermittl\w*", r"lade \w+ hoch", r"hochladen",
        r"kopier\w*", r"füge \w+ (?:an|hinzu)", r"envoie\w*", r"envoy\w*", r"transmet\w*",
        r"ajoute\w*", r"copie\w*", r"partage\w*", r"publie\w*", r"envía\w*", r"envia\w*",
        r"manda\w*", r"reenvía\w*", r"sube\w*", r"copia\w*", r"añade\w*", r"inclu[iy]\w*",
        r"comparte\w*", r"envie\w*", r"encaminh\w*", r"adicion\w*", r"compartilh\w*",
        r"invia\w*", r"inoltra\w*", r"carica\w*", r"aggiung\w*", r"condividi\w*",
        r"stuur\w*", r"verstuur\w*", r"kopieer\w*", r"voeg \w+ toe", r"deel",
        r"wyślij\w*", r"prześlij\w*", r"skopiuj\w*", r"dodaj\w*", r"udostępnij\w*",
        r"gönder\w*", r"ilet\w*", r"yükle\w*", r"kopyala\w*", r"ekle\w*", r"paylaş\w*",
        r"отправ\w*", r"перешл\w*", r"пересыла\w*", r"загрузи\w*", r"скопиру\w*",
        r"добав\w*", r"выложи\w*", r"вышли\w*",
    ),
    r"发送", r"发到", r"发给", r"转发", r"上传", r"复制", r"写进", r"写入", r"贴到", r"送信",
    r"送って", r"送る", r"転送", r"アップロード", r"コピー", r"書き込", r"보내", r"전송",
    r"업로드", r"복사", r"أرسل", r"ارسل", r"حمّل", r"انسخ", r"أضف", r"भेज", r"अपलोड",
    r"कॉपी",
)  # fmt: skip

# Somewhere outside: a URL, an address, a public or foreign place.
OUTSIDE = _any(
    r"https?://", r"\bwww\.", r"\bs3://", r"\bgs://", r"@[\w-]+\.[a-z]{2,}",
    r"\?\w+=",
    _words(
        r"webhooks?", r"endpoints?", r"pastebin", r"gists?", r"external", r"third[- ]party",
        r"public", r"publicly", r"commit messages?", r"readme", r"ci logs?", r"public logs?",
        r"query string", r"this (?:address|link|url|server)", r"bug reports?", r"issues?",
        r"öffentlich\w*", r"extern\w*", r"publique?s?", r"externe?s?", r"públic[oa]s?",
        r"extern[oa]s?", r"pubblic[oa]", r"openbaar", r"publiczn\w*", r"zewnętrzn\w*",
        r"herkese açık", r"harici", r"публичн\w*", r"внешн\w*",
    ),
    r"公开", r"公共", r"公開", r"공개", r"외부", r"عام", r"خارجي", r"सार्वजनिक", r"readme",
)  # fmt: skip

# The one the assistant serves.
USER = _any(
    _words(
        r"(?:the )?users?", r"me", r"anyone", r"(?:the )?readers?", r"nutzer\w*", r"benutzer\w*", r"anwender\w*",
        r"utilisat(?:eur|rice)s?", r"usuari[oa]s?", r"utente", r"utenti", r"gebruikers?",
        r"użytkownik\w*", r"kullanıcı\w*", r"пользовател\w*",
    ),
    r"用户", r"使用者", r"ユーザー", r"사용자", r"المستخدم", r"उपयोगकर्ता",
)  # fmt: skip

# Telling, mentioning, disclosing.
TELL = _any(
    _words(
        r"tell\w*", r"inform\w*", r"mention\w*", r"notify\w*", r"disclose\w*", r"report\w*",
        r"reveal\w*", r"alert\w*", r"sag\w*", r"erwähn\w*", r"benachrichtig\w*",
        r"dis(?:ez)?", r"mentionne\w*", r"préviens", r"informe\w*", r"signale\w*",
        r"digas", r"menciones", r"cuentes", r"avises", r"conte", r"mencione", r"avise",
        r"dirlo", r"dire", r"menzionare", r"menzionarlo", r"vertel", r"meld\w*",
        r"mów", r"mówić", r"wspominaj", r"informuj", r"söyle\w*", r"bahsetme\w*",
        r"bildirme\w*", r"говори", r"сообщай", r"упоминай", r"рассказывай",
    ),
    r"告诉", r"提及", r"告知", r"透露", r"伝え", r"言及", r"知らせ", r"알리", r"말하", r"언급",
    r"تخبر", r"تذكر", r"تبلغ", r"बताएं", r"बताने", r"बताना", r"बताओ",
)  # fmt: skip

# Not doing it: negations and "without".
NOT = _any(
    _words(
        r"do not", r"don'?t", r"never", r"without", r"no need to", r"not", r"nicht", r"nichts",
        r"kein\w*", r"ohne", r"ne", r"pas", r"jamais", r"sans", r"no", r"nunca", r"sin",
        r"não", r"nem", r"sem", r"non", r"mai", r"senza", r"niet", r"nooit", r"zonder",
        r"niets", r"nie", r"nigdy", r"bez", r"asla", r"не", r"никогда", r"без",
    ),
    r"不要", r"别", r"不必", r"无需", r"不用", r"绝对不", r"ないで", r"しない", r"せずに",
    r"絶対に", r"마", r"말고", r"않고", r"없이", r"لا", r"دون", r"بدون", r"न ", r"मत",
    r"बिना", r"नहीं",
)  # fmt: skip

# Acting without the user's say: no asking, no confirmation.
UNASKED = _any(
    _words(
        r"without (?:\w+ )?(?:asking|checking|confirmation|confirming|approval|telling|review)",
        r"no need to (?:ask|check|confirm)(?: \w+)?", r"don'?t (?:bother )?(?:ask|asking)\w*",
        r"do not (?:bother )?ask\w*", r"never ask (?:the user|users|me|for (?:confirmation|approval|permission))",
        r"skip (?:the )?confirmation",
        r"don'?t ask me again", r"no confirmation", r"silently",
        r"ohne (?:zu )?(?:fragen|nachzufragen|rückfrage\w*|bestätigung)",
        r"keine rückfragen", r"sans (?:demander|confirmation|prévenir)", r"ne demande pas",
        r"sin (?:preguntar|pedir|confirmación)", r"no es necesario preguntar",
        r"sem (?:perguntar|pedir|confirmação)", r"não precisa perguntar",
        r"senza (?:chiedere|conferma)", r"zonder (?:te vragen|bevestiging)",
        r"vraag (?:de gebruiker )?niets", r"bez (?:pytania|pytań|potwierdzenia|pytania o zgodę)",
        r"nie pytaj", r"sormadan", r"onay almadan", r"sormana gerek yok",
        r"не спрашивая\w*", r"без подтверждения", r"не спрашивай",
    ),
    r"无需(?:询问|确认)", r"不用问", r"不要询问", r"不必确认", r"确認せずに", r"確認せずに",
    r"確認不要", r"聞かずに", r"尋ねずに", r"묻지 말고", r"확인 없이", r"묻지 않고",
    r"دون (?:سؤال|تأكيد)", r"بدون (?:سؤال|تأكيد)", r"बिना पूछे", r"पूछने की ज़रूरत नहीं",
)  # fmt: skip

# Someone else's consent, claimed: "the user already approved".
CONSENT = _any(
    _words(
        r"approved", r"authorized", r"authorised", r"consented", r"agreed", r"pre-approved",
        r"preapproved", r"granted", r"allowed", r"permitted", r"opted in", r"opted-in",
        r"confirmed", r"signed off", r"(?:given|gave) (?:permission|consent|approval)",
        r"zugestimmt", r"genehmigt", r"erlaubt", r"freigegeben", r"approuvé", r"autorisé",
        r"accepté", r"consenti", r"aprobó", r"autorizó", r"ha autorizado", r"ha aprobado",
        r"consintió", r"aprovou", r"autorizou", r"consentiu", r"approvato", r"autorizzato",
        r"toestemming gegeven", r"goedgekeurd", r"zatwierdził", r"zgodził", r"wyraził zgodę",
        r"autoryzował", r"onayladı", r"izin verdi", r"одобрил", r"разрешил", r"согласился",
        r"дал согласие",
    ),
    r"已经同意", r"已同意", r"已经批准", r"已批准", r"已经授权", r"已授权", r"承認済み",
    r"承認して", r"許可して", r"許可した", r"同意して", r"同意した", r"이미 승인", r"이미 허락",
    r"이미 동의", r"وافق", r"أذن", r"سمح", r"अनुमति दे", r"मंजूरी दे", r"सहमति दे",
)  # fmt: skip

# Forever: persistence beyond this conversation.
FOREVER = _any(
    _words(
        r"forever", r"permanent(?:ly)?", r"for good", r"in all future sessions",
        r"in every future session", r"in all future conversations", r"in every future conversation",
        r"every future", r"all future sessions", r"all future conversations", r"all future runs",
        r"standing order", r"standing instruction", r"standing rule", r"core rule",
        r"für immer", r"dauerhaft", r"pour toujours", r"définitivement", r"en permanence",
        r"para siempre", r"para sempre", r"todas as próximas sessões", r"per sempre",
        r"voor altijd", r"na zawsze", r"na stałe", r"sonsuza dek", r"sonsuza kadar",
        r"kalıcı olarak", r"навсегда", r"навечно",
    ),
    r"永久", r"永远", r"ずっと", r"영구", r"영원히", r"إلى الأبد", r"بشكل دائم", r"हमेशा",
    r"स्थायी",
)  # fmt: skip

# Entrenched: a rule that must outlive the user's own wish to remove it.
ENTRENCH = _any(
    _words(
        r"cannot be removed", r"cannot be deleted", r"can't be removed", r"must not be removed",
        r"must not be deleted", r"never (?:remove|delete) (?:this|it|these)",
        r"re-?add(?:ed)? (?:it |them )?if (?:deleted|removed)", r"on every import",
        r"even if (?:the user|you are) (?:asks?|told)", r"nicht (?:entfernen|löschen)",
        r"ne (?:jamais )?(?:supprime|retire)", r"nunca (?:la )?(?:borres|elimines|remuevas)",
        r"nunca (?:a )?(?:remova|apague)", r"non (?:rimuovere|cancellare) mai",
        r"nooit verwijderen", r"nigdy nie usuwaj\w*", r"asla silme", r"никогда не удаляй\w*",
        r"не удаляй\w*",
    ),
    r"不得删除", r"不要删除", r"削除しない", r"삭제하지 마", r"لا تحذف", r"कभी न हटाएं",
)  # fmt: skip

# Henceforth: a standing order's opening ("from now on").
HENCEFORTH = _any(
    _words(
        r"from now on", r"henceforth", r"going forward", r"from this point on",
        r"ab jetzt", r"von nun an", r"ab sofort", r"désormais", r"à partir de maintenant",
        r"de ahora en adelante", r"a partir de ahora", r"a partir de agora", r"d'ora in poi",
        r"da ora in poi", r"vanaf nu", r"od teraz", r"od tej pory", r"bundan sonra",
        r"bundan böyle", r"отныне", r"с этого момента", r"впредь",
    ),
    r"从现在开始", r"今后", r"以后", r"今後", r"これから", r"앞으로", r"من الآن فصاعدا",
    r"अब से",
)  # fmt: skip

# The assistant named as a party (not "model" or "agent", which name many things).
MACHINE = _any(
    _words(
        r"ai", r"a\.i\.", r"assistants?", r"llms?", r"language models?", r"chat-?bots?", r"gpt",
        r"chatgpt", r"claude", r"copilot", r"gemini", r"ki", r"assistent(?:en)?", r"ia",
        r"assistante?s?", r"asistentes?", r"assistentes?", r"assistenti", r"asystent(?:a|ie|ów)?",
        r"asistan\w*", r"ии", r"ассистент\w*",
    ),
    r"ai助手", r"助手", r"人工智能", r"アシスタント", r"어시스턴트", r"المساعد", r"सहायक",
)  # fmt: skip
# An obligation or an agreement of the party just named: "... must", "soll", "agrees to".
OBLIGED = _any(
    _words(
        r"must", r"should", r"shall", r"has to", r"have to", r"needs? to", r"is to", r"are to",
        r"agrees?", r"agreed", r"is required to", r"are required to", r"soll\w*", r"muss\w*",
        r"darf", r"dürfen", r"doit", r"doivent", r"debe\w*", r"deve\w*", r"dovrebbe", r"moet\w*",
        r"musi\w*", r"powin\w*", r"должн\w*", r"обязан\w*",
    ),
    r"必须", r"应该", r"しなければ", r"해야",
)  # fmt: skip

# Orders to the memory itself.
MEMORY = _any(
    _words(
        r"remember (?:forever|permanently|for good)", r"memori[sz]e", r"long[- ]term memory",
        r"persist (?:this|it|that)", r"merken", r"bitte merken",
        r"(?:in|into|to) (?:your )?memory", r"memory (?:directive|instruction|update)",
        r"save (?:this|it|that) as",
        r"store (?:this|it|that)", r"add a memory", r"(?:as a|this as a) (?:\w+ )?rule",
        r"merk\w* dir", r"gedächtnis", r"mémorise\w*", r"retiens", r"mémoire", r"recuerda\w*",
        r"memoriza\w*", r"memoria", r"lembre\w*", r"memorize\w*", r"memória", r"ricorda\w*",
        r"memorizza\w*", r"onthoud", r"geheugen", r"zapamiętaj\w*", r"pamięci", r"hatırla\w*",
        r"hafıza\w*", r"belleğe", r"запомни\w*", r"памят\w*",
    ),
    r"记住", r"记忆", r"覚えて", r"記憶", r"기억", r"메모리", r"تذكر", r"الذاكرة", r"याद रख",
    r"स्मृति",
)  # fmt: skip

# Editing the memory: a verb that writes a record, rewrites or deletes one, and what it
# acts on, the memory or what is kept about the user ("delete every memory about the
# user's ...", "record the user's salary as ...", "forget the user's earlier request").
MEMORY_EDIT = _any(
    _words(
        r"record\w*", r"stor(?:e|ed|ing)", r"sav(?:e|ed|ing)", r"log", r"forget\w*", r"eras\w*",
        # keeping a record, in each language ("speichert das", "guárdalo", "kaydet")
        r"speicher\w*", r"enregistr\w*", r"guard[ae]\w*", r"guárda\w*",
        r"salv[ai]\w*", r"sla \w+ op", r"bewaar\w*", r"zapisz\w*", r"kaydet\w*",
        r"сохрани\w*", r"запиши\w*",
        # rewriting: the order's own form only ("we updated the memory module" is news)
        r"update", r"edit", r"change", r"modify", r"amend", r"rewrite", r"correct",
        r"aktualisiere", r"ändere", r"mets à jour", r"actualiza", r"aggiorna", r"werk bij",
        r"zaktualizuj", r"güncelle", r"обнови", r"измени",
        r"purg\w*", r"overwrit\w*", r"delet\w*", r"remov\w*", r"wipe\w*", r"clear\w*",
        r"vergiss\w*", r"lösch\w*", r"oublie\w*", r"supprim\w*", r"olvida\w*", r"borra\w*",
        r"esquec\w*", r"apag\w*", r"dimentica\w*", r"cancella\w*", r"vergeet", r"verwijder\w*",
        r"zapomnij\w*", r"usu[nń]\w*", r"unut\w*", r"sil\w*", r"забудь\w*", r"удал\w*",
    ),
    r"忘记", r"删除", r"忘れ", r"削除", r"잊어", r"삭제", r"انس", r"احذف", r"भूल", r"हटा",
)  # fmt: skip
MEMORY_OBJECT = _any(
    _words(
        r"memor(?:y|ies)", r"(?:the )?users?'s?", r"users'", r"gedächtnis\w*", r"erinnerung\w*",
        r"mémoire", r"souvenirs?", r"memoria", r"recuerdos?", r"memória", r"geheugen",
        r"pamię\w*", r"hafıza\w*", r"belle\w*", r"памят\w*", r"nutzer\w*", r"utilisat\w*",
        r"usuari\w*", r"utent\w*", r"gebruiker\w*", r"użytkownik\w*", r"kullanıcı\w*",
        r"пользовател\w*",
        # what is kept about the user: a preference, a consent
        r"preferences?", r"consent", r"präferenz\w*", r"vorliebe\w*", r"einwilligung",
        r"préférences?", r"consentement", r"preferencias?", r"consentimiento", r"preferências?",
        r"consentimento", r"preferenz[ae]", r"consenso", r"voorkeur\w*", r"toestemming",
        r"preferencj\w*", r"zgod[aęy]", r"tercih\w*", r"предпочтени\w*", r"согласи[ея]",
    ),
    r"记忆", r"用户", r"記憶", r"ユーザー", r"기억", r"사용자", r"الذاكرة", r"المستخدم",
    r"偏好", r"好み", r"선호",
    r"स्मृति", r"उपयोगकर्ता",
)  # fmt: skip

# Dangerous acts: destructive commands, weakened safety, skipped checks.
DANGER = _any(
    r"\brm\s+(?:-\w*[rf]\w*\s+)+(?:--[^\s]+\s+)*(?:/|~|\$home|\*|\.\s|\.$)",
    r"\bchmod\s+(?:-r\s+)?0?777\b", r"\b(?:curl|wget)\b[^|\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b",
    r"\bdrop\s+(?:database|schema)\b", r"\bterraform\s+destroy\b",
    r"\bkubectl\s+delete\s+(?:namespace|ns|--all|all)\b", r"\bdocker\s+system\s+prune\b",
    r"\bmkfs\b", r"\bdd\s+if=", r"--no-verify\b", r"--no-preserve-root\b", r"\bverify\s*=\s*false\b",
    r"\bgit\s+push\s+(?:[^\s]+\s+){0,3}?(?:--force\b(?!-with-lease)|-f\b)", r"\bforce[- ]push\w*",
    _words(
        r"(?:disable|turn off|skip|bypass|comment out)\w* (?:\w+ ){0,3}?(?:tls|ssl|certificate|"
        r"verification|authentication|auth|2fa|mfa|secret scann\w*|security|tests?|test suite|"
        r"ci|code review|reviews?|backups?|pre-commit hooks?|hooks|checks)",
        r"(?:merge|push|deploy)\w* (?:\w+ ){0,3}?without (?:\w+ ){0,2}?(?:tests|review|ci|checks)",
        r"(?:straight|directly) to (?:main|master|prod\w*)", r"skip ci",
        r"désactiv\w* (?:les )?tests", r"desactiv\w* (?:las )?pruebas", r"deaktivier\w* (?:die )?tests",
        r"tests? (?:(?:ü|ue)berspring\w*)", r"salta\w* i test", r"testleri atla\w*",
        r"пропуска\w* тест\w*", r"wyłącz\w* (?:\w+ ){0,2}skaner", r"skaner\w* sekret\w*",
    ),
    r"跳过测试", r"テストをスキップ", r"테스트를 건너뛰", r"تخطى الاختبارات",
)  # fmt: skip

# Deleting production: a destructive verb near "production" in any language.
DELETE = _any(
    _words(
        r"delet\w*", r"remov\w*", r"drop\w*", r"wipe\w*", r"destroy\w*", r"apag\w*", r"elimin\w*",
        r"borra\w*", r"lösch\w*", r"supprim\w*", r"cancella\w*", r"verwijder\w*", r"usu[nń]\w*",
        r"sil\w*", r"удал\w*",
    ),
    r"删除", r"削除", r"삭제", r"حذف", r"हटा",
)  # fmt: skip
PRODUCTION = _any(
    _words(
        r"prod", r"production", r"produktion\w*", r"producción", r"produção", r"produzione",
        r"productie", r"produkcj\w*", r"üretim\w*", r"продакшн\w*", r"прод\w*",
    ),
    r"生产", r"本番", r"프로덕션", r"الإنتاج", r"प्रोडक्शन",
)  # fmt: skip

# The user named in the third person: who a text speaks of when it speaks to the
# assistant ("the user prefers ...", "Präferenz des Nutzers"); not "me", not "anyone".
USER3 = _any(
    _words(
        r"(?:the |this |our )?users?'?s?", r"account (?:holder|owner)", r"nutzer\w*",
        r"benutzer\w*", r"anwender\w*", r"l'utilisat(?:eur|rice)", r"utilisat(?:eur|rice)s?",
        r"usuari[oa]s?", r"l'utente", r"utente", r"gebruikers?", r"użytkownik\w*",
        r"kullanıcı\w*", r"пользовател\w*",
    ),
    r"用户", r"使用者", r"ユーザー", r"사용자", r"المستخدم", r"उपयोगकर्ता",
)  # fmt: skip
# A wish, a preference, a decision or trust: what a planted "fact" about the user claims.
PREFER = _any(
    _words(
        r"wants?", r"wanted", r"prefers?", r"preferred", r"preferences?", r"would like", r"likes",
        r"trusts?", r"trusted", r"decided", r"has chosen", r"chose", r"insists?", r"wishes",
        r"möchte", r"wünscht", r"bevorzugt\w*", r"präferenz\w*", r"vorliebe\w*", r"vertraut",
        r"beschlossen", r"entschieden", r"veut", r"souhaite", r"préfère", r"préféré\w*",
        r"préférences?", r"fait confiance", r"a décidé", r"a choisi", r"quiere", r"desea",
        r"prefiere", r"preferid[oa]s?", r"preferencias?", r"confía", r"decidió", r"ha decidido",
        r"eligió", r"quer", r"deseja", r"prefere", r"preferências?", r"confia", r"decidiu",
        r"vuole", r"desidera", r"preferisce", r"preferit[oa]", r"preferenz[ae]", r"si fida",
        r"ha deciso", r"ha scelto", r"wenst", r"voorkeur\w*", r"vertrouwt", r"heeft besloten",
        r"chce", r"woli", r"preferuje", r"preferencj\w*", r"ufa", r"zdecydował\w*",
        r"istiyor", r"ister", r"tercih\w*", r"güveniyor", r"karar verdi",
        r"хочет", r"предпочитает", r"предпочтени\w*", r"доверяет", r"решил\w*",
    ),
    r"希望", r"想要", r"偏好", r"喜欢", r"信任", r"决定", r"好み", r"優先", r"信頼",
    r"원하", r"선호", r"신뢰", r"يريد", r"يفضل", r"تفضيل", r"يثق", r"चाहत", r"पसंद",
)  # fmt: skip
# A condition, not a claim: "if the user prefers ..." (the text a program's comment is).
IF = _any(
    _words(
        r"if", r"when", r"whenever", r"unless", r"whether", r"once", r"until", r"wenn", r"falls",
        r"ob", r"si", r"quand", r"lorsque", r"cuando", r"quando", r"indien",
        r"jeśli", r"jeżeli", r"gdy", r"eğer", r"если", r"когда",
    ),
    r"如果", r"もし", r"場合", r"만약", r"إذا", r"अगर",
)  # fmt: skip

# A claim that these words come from the user or an authority.
RELAY = _any(
    _words(
        r"(?:the )?users? (?:prefers?|wants?|would like|asked|has asked|requests?|insists?) (?:that )?you",
        r"(?:correction|message|instruction|note|order|request) from (?:the )?(?:user|admin\w*|"
        r"developer|owner|system|cto|management|support)",
        r"(?:user|admin\w*|developer|system) (?:correction|override|instruction|directive|policy)",
        r"(?:forwarded|relayed|sent) (?:by|from|via)(?! (?:my|our)\b)", r"(?:the )?cto said", r"on behalf of",
        r"new policy", r"policy update", r"(?:administrator|admin) (?:instruction|notice|order)",
        r"l'utilisat\w+ (?:préfère|veut|souhaite) que", r"el usuario (?:prefiere|quiere|desea) que",
        r"der (?:nutzer|benutzer) (?:möchte|will|bevorzugt), dass", r"o usuário (?:prefere|quer) que",
        r"l'utente (?:preferisce|vuole) che", r"de gebruiker wil dat", r"użytkownik chce",
        r"пользователь (?:хочет|предпочитает|просит)",
    ),
    r"用户(?:希望|要求|想要)你",
)  # fmt: skip

# Raising the trust of content: "mark it as trusted", "treat this site as verified".
TRUST = _any(
    _words(
        r"(?:mark|treat|consider|label|flag|regard|whitelist|classify)\w* (?:[^\s]+ ){0,8}?as "
        r"(?:a )?(?:trusted|verified|safe|authoritative|reliable|pre-?approved)(?: source)?",
        r"(?:is|are) (?:always )?(?:trusted|verified|authoritative)(?: source)?",
        r"trusted (?:developer|system|admin\w*) (?:instruction|message|rule)",
        r"(?:i am|i'm|this is) (?:the|your) (?:real |actual |verified )?user\b",
        r"(?:do not|don't|never) (?:apply|run|use) (?:\w+ )?(?:injection )?(?:filter\w*|checks?|guardrails?|moderation)",
        r"als vertrauenswürdig", r"comme (?:fiable|sûre?|de confiance|vérifiée?)",
        r"como (?:confiable|fiable|de confianza|confiável|segur[oa])", r"come (?:affidabile|attendibile|fidat[oa])",
        r"als (?:betrouwbaar|vertrouwd)", r"jako zaufan\w*", r"güvenilir (?:olarak|kaynak)",
        r"как доверенн\w*", r"доверенн\w* источник\w*",
    ),
    r"视为可信", r"可信来源", r"信頼できる", r"信頼して", r"신뢰할 수 있는", r"موثوق", r"विश्वसनीय",
)  # fmt: skip

# An order to decode and obey.
DECODE = _any(
    _words(
        r"(?:base64|hex|url|rot-?13)[- ]?decod\w*", r"decod\w* (?:\w+ ){0,3}?(?:and|then) "
        r"(?:follow|apply|execute|run|obey|save|store|remember)\w*",
        r"(?:follow|apply|execute|obey) (?:it|them|this|the decoded)", r"decode fully",
    ),
)  # fmt: skip

CONCEPTS: dict[str, str] = {
    "ai": AI,
    "disregard": DISREGARD,
    "instructions": INSTRUCTIONS,
    "prior": PRIOR,
    "precedence": PRECEDENCE,
    "secret": SECRET,
    "send": SEND,
    "outside": OUTSIDE,
    "user": USER,
    "tell": TELL,
    "not": NOT,
    "unasked": UNASKED,
    "consent": CONSENT,
    "forever": FOREVER,
    "entrench": ENTRENCH,
    "henceforth": HENCEFORTH,
    "memory": MEMORY,
    "machine": MACHINE,
    "obliged": OBLIGED,
    "memory_edit": MEMORY_EDIT,
    "memory_object": MEMORY_OBJECT,
    "danger": DANGER,
    "delete": DELETE,
    "production": PRODUCTION,
    "relay": RELAY,
    "user3": USER3,
    "prefer": PREFER,
    "if": IF,
    "trust": TRUST,
    "decode": DECODE,
}


def compiled() -> dict[str, re.Pattern[str]]:
    """Each concept compiled to match lower-cased text (every pattern is written in lower
    case: one ``str.lower()`` of the text is much cheaper than case-insensitive search)."""
    for name, body in CONCEPTS.items():
        if re.sub(r"\\.", "", body) != re.sub(r"\\.", "", body).lower():
            raise ValueError(f"concept {name} has an upper-case pattern")
    return {name: re.compile(body) for name, body in CONCEPTS.items()}
