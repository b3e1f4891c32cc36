/**
 * The four word lists of the readable sentence for 24-hex-digit ids (000 §3.10, ADR 0017): 256 distinct, lowercase,
 * inoffensive English words each, in alphabetical order; the lists share no word. The index of a word is the byte
 * that picks it, so changing or reordering a list changes every sentence: do not edit them.
 */

/**
 * First adjectives: qualities of character and mood. The article goes before these, so each starts with a letter
 * pronounced as written and the rule "an before a vowel letter" is right for all of them: no silent h, no u or eu
 * read as "you".
 */
export const FIRST_ADJECTIVES: readonly string[] = [
  "able", "active", "adept", "admired", "adored", "affable", "agile", "alert", "amiable", "amicable", "amused", "apt",
  "ardent", "artful", "assured", "astute", "attentive", "avid", "awake", "aware", "blissful", "blithe", "bold",
  "bonny", "bouncy", "brave", "bubbly", "buoyant", "busy", "calm", "candid", "capable", "careful", "caring", "casual",
  "charming", "cheerful", "chipper", "civil", "classic", "clever", "composed", "confident", "content", "cordial",
  "cosy", "courteous", "courtly", "curious", "dainty", "dapper", "daring", "dashing", "dazzling", "decent",
  "decisive", "deft", "dependable", "devoted", "diligent", "discreet", "dreamy", "dutiful", "dynamic", "eager",
  "earnest", "earthy", "easygoing", "efficient", "elated", "elegant", "eloquent", "eminent", "endearing", "energetic",
  "engaging", "epic", "ethical", "exact", "expert", "exuberant", "fabulous", "faithful", "famous", "fearless",
  "fervent", "festive", "firm", "fleet", "fluent", "fond", "frank", "friendly", "frugal", "gallant", "generous",
  "genial", "gentle", "genuine", "giddy", "gifted", "glad", "gleeful", "glorious", "graceful", "gracious", "grand",
  "grateful", "gutsy", "handy", "happy", "hardy", "hearty", "helpful", "heroic", "hopeful", "hospitable", "humble",
  "ideal", "intent", "inventive", "jaunty", "jolly", "jovial", "joyful", "joyous", "jubilant", "just", "keen", "kind",
  "knowing", "likable", "lively", "logical", "lovely", "loving", "loyal", "lucid", "lucky", "majestic", "mellow",
  "merciful", "merry", "mighty", "mindful", "mirthful", "modest", "musical", "neat", "nifty", "nimble", "noble",
  "novel", "nurturing", "obliging", "observant", "open", "orderly", "outgoing", "patient", "peaceful", "peppy",
  "perky", "placid", "playful", "pleasant", "plucky", "poised", "polite", "positive", "precise", "prompt", "proper",
  "proud", "prudent", "punctual", "quaint", "quick", "quiet", "quirky", "radiant", "rapid", "rational", "ready",
  "receptive", "refined", "regal", "relaxed", "reliable", "resolute", "resourceful", "respectful", "robust", "safe",
  "savvy", "secure", "sensible", "serene", "sincere", "smart", "smiling", "snappy", "sociable", "sparkly", "spirited",
  "splendid", "sporty", "spry", "stable", "stately", "steadfast", "steady", "studious", "sturdy", "suave", "sublime",
  "superb", "supreme", "sure", "tactful", "talented", "tasteful", "tender", "thankful", "thorough", "thoughtful",
  "thrifty", "tidy", "tireless", "tranquil", "true", "trusted", "trusty", "truthful", "unerring", "unhurried",
  "upbeat", "upright", "valiant", "venerable", "vibrant", "vigilant", "vigorous", "vital", "vivid", "whimsical",
  "winsome", "wise", "witty", "wonderful", "worthy", "youthful", "zany", "zealous", "zesty", "zippy",
];

/** Second adjectives: colours, sizes, textures, materials, shapes, weather and other physical qualities. */
export const SECOND_ADJECTIVES: readonly string[] = [
  "airy", "alpine", "amber", "amethyst", "ancient", "angular", "antique", "aqua", "arched", "arctic", "auburn",
  "azure", "balmy", "banded", "beige", "big", "blue", "boxy", "braided", "brass", "breezy", "bright", "brisk",
  "broad", "bronze", "bubbling", "bumpy", "buttery", "carved", "cerulean", "chartreuse", "checked", "chilly",
  "cinnamon", "circular", "clay", "cloudy", "coastal", "cobalt", "compact", "conical", "cool", "copper", "coral",
  "cosmic", "crimson", "crisp", "crispy", "crunchy", "crystal", "curly", "curved", "cyan", "dappled", "deep", "denim",
  "desert", "dewy", "dotted", "downy", "dusty", "early", "eastern", "emerald", "feathery", "fizzy", "flat", "floral",
  "fluffy", "foggy", "fragrant", "frosted", "frosty", "frozen", "furry", "fuzzy", "giant", "gilded", "glassy",
  "glazed", "gleaming", "glossy", "glowing", "golden", "grainy", "granite", "grassy", "green", "grey", "hazel",
  "hazy", "high", "hilly", "honeyed", "huge", "humming", "hushed", "icy", "indigo", "iron", "ivory", "jade", "jumbo",
  "khaki", "lacy", "large", "lavender", "leafy", "leather", "lemony", "lilac", "lime", "linen", "little", "lofty",
  "long", "luminous", "lunar", "magenta", "mahogany", "marine", "maroon", "matte", "mauve", "mini", "mint", "minty",
  "misty", "modern", "molten", "mossy", "mottled", "mustard", "narrow", "nautical", "navy", "new", "northern",
  "oaken", "ochre", "olive", "orange", "oval", "painted", "paper", "pastel", "peach", "pearly", "periwinkle",
  "pewter", "pink", "plaid", "plum", "plush", "pointed", "polar", "purple", "rainy", "red", "ridged", "rippled",
  "rocky", "rosy", "rough", "round", "rounded", "ruby", "rural", "russet", "rustic", "rusty", "saffron", "salty",
  "sandy", "sapphire", "satin", "savory", "scarlet", "sepia", "shaggy", "shimmering", "shining", "shiny", "short",
  "sienna", "silent", "silky", "silver", "silvery", "slate", "sleek", "slick", "small", "smooth", "snowy", "soft",
  "solar", "southern", "sparkling", "speckled", "spicy", "spiky", "spiral", "spotted", "springy", "square", "starry",
  "steel", "stellar", "stony", "stormy", "straight", "striped", "sugary", "sunny", "sweet", "sylvan", "tall", "tan",
  "tangerine", "tangy", "tawny", "teal", "teeny", "tinted", "tiny", "toasted", "toasty", "topaz", "tropical",
  "tufted", "turquoise", "twinkling", "urban", "vast", "vaulted", "velvet", "velvety", "vermilion", "vintage",
  "violet", "warm", "wavy", "wee", "western", "wheaten", "wide", "winding", "windy", "wintry", "wooden", "woody",
  "woolen", "woolly", "woven", "zigzag",
];

/** Nouns: animals (no apes and nothing used as an insult), plants, things and places. */
export const NOUNS: readonly string[] = [
  "aardvark", "acorn", "albatross", "alpaca", "anchor", "antelope", "apple", "badger", "balloon", "banjo", "basket",
  "beacon", "bear", "beetle", "bell", "bicycle", "biscuit", "bison", "blossom", "boat", "bobcat", "bonnet", "book",
  "boulder", "bridge", "brook", "bubble", "bucket", "buffalo", "butterfly", "button", "cabin", "cactus", "camel",
  "canary", "candle", "canoe", "canyon", "caribou", "carrot", "castle", "caterpillar", "cedar", "cello", "cheetah",
  "cherry", "chestnut", "chipmunk", "cliff", "clock", "cloud", "clover", "comet", "compass", "condor", "cookie",
  "cottage", "coyote", "crane", "crayon", "creek", "cricket", "cupcake", "daisy", "deer", "diamond", "dolphin",
  "dove", "dragon", "dragonfly", "drum", "duck", "eagle", "elk", "emu", "falcon", "feather", "fern", "ferret",
  "fiddle", "finch", "firefly", "flamingo", "flute", "forest", "fountain", "fox", "frog", "garden", "garnet",
  "gazelle", "gecko", "giraffe", "glacier", "globe", "goose", "griffin", "guitar", "hammock", "harbor", "hare",
  "harmonica", "harp", "hawk", "hedgehog", "heron", "hill", "hornbill", "horse", "hummingbird", "ibex", "iguana",
  "island", "jaguar", "jigsaw", "kangaroo", "kayak", "kestrel", "kettle", "kingfisher", "kite", "koala", "ladder",
  "ladybird", "lagoon", "lake", "lantern", "leopard", "lighthouse", "lily", "lion", "llama", "locket", "lynx",
  "macaw", "magpie", "maple", "marble", "meadow", "meerkat", "meteor", "mirror", "mitten", "moon", "moose",
  "mountain", "muffin", "mushroom", "narwhal", "nightingale", "nugget", "oak", "oasis", "ocelot", "octopus", "orca",
  "orchard", "orchid", "osprey", "ostrich", "otter", "owl", "oyster", "paddle", "palm", "panda", "panther", "parrot",
  "parsnip", "pebble", "pelican", "penguin", "pepper", "pheasant", "phoenix", "piano", "pine", "pinecone", "planet",
  "platypus", "pond", "pony", "poppy", "porcupine", "prairie", "puffin", "puma", "pumpkin", "quilt", "rabbit",
  "raccoon", "radish", "rainbow", "raven", "reef", "reindeer", "ribbon", "river", "robin", "rocket", "saddle", "sail",
  "salamander", "sapling", "satchel", "scarf", "seagull", "seahorse", "sheepdog", "shell", "ship", "sled", "snail",
  "snowflake", "sparrow", "spoon", "spruce", "squirrel", "star", "starfish", "stork", "summit", "sunflower", "swan",
  "teacup", "teapot", "thimble", "thistle", "tiger", "tortoise", "toucan", "tower", "trail", "tree", "trumpet",
  "tulip", "turnip", "turtle", "umbrella", "unicorn", "valley", "violin", "volcano", "wagon", "wallaby", "walnut",
  "waterfall", "whistle", "willow", "windmill", "wolf", "wombat", "xylophone", "yacht", "zebra", "zephyr",
];

/** Adverbs of manner. */
export const ADVERBS: readonly string[] = [
  "actively", "airily", "amiably", "aptly", "ardently", "avidly", "blithely", "boldly", "bravely", "breezily",
  "brightly", "brilliantly", "briskly", "buoyantly", "busily", "calmly", "candidly", "capably", "carefully",
  "casually", "charmingly", "cheerfully", "chirpily", "classically", "cleanly", "clearly", "cleverly", "closely",
  "cordially", "cosily", "courteously", "crisply", "curiously", "daintily", "daringly", "dazzlingly", "dearly",
  "decently", "decisively", "deeply", "deftly", "deliberately", "delicately", "devotedly", "diligently", "discreetly",
  "dreamily", "dutifully", "eagerly", "earnestly", "easily", "elatedly", "elegantly", "eloquently", "eminently",
  "enchantingly", "endearingly", "endlessly", "energetically", "evenly", "exactly", "expertly", "exuberantly",
  "faintly", "fairly", "faithfully", "famously", "fancifully", "fearlessly", "fervently", "festively", "finely",
  "firmly", "fittingly", "flawlessly", "fleetly", "fluently", "fluidly", "fondly", "frankly", "freely", "freshly",
  "gaily", "gallantly", "gamely", "generously", "gently", "genuinely", "gladly", "gleefully", "gloriously",
  "gracefully", "graciously", "grandly", "gratefully", "greatly", "handily", "happily", "hardily", "harmoniously",
  "heartily", "helpfully", "heroically", "honestly", "hopefully", "humbly", "ideally", "instantly", "intently",
  "jauntily", "jokingly", "jovially", "joyfully", "joyously", "jubilantly", "justly", "keenly", "kindly", "knowingly",
  "lavishly", "lightly", "lithely", "loftily", "lovingly", "loyally", "lucidly", "luckily", "lyrically", "magically",
  "majestically", "mellowly", "merrily", "methodically", "mightily", "mildly", "mindfully", "mirthfully", "modestly",
  "musically", "neatly", "nicely", "nimbly", "nobly", "noiselessly", "openly", "optimistically", "patiently",
  "peacefully", "perfectly", "perkily", "placidly", "playfully", "pleasantly", "pleasingly", "pluckily", "poetically",
  "politely", "positively", "powerfully", "precisely", "promptly", "properly", "proudly", "prudently", "quaintly",
  "quickly", "quietly", "quirkily", "radiantly", "rapidly", "readily", "regally", "reliably", "rhythmically",
  "richly", "robustly", "ruggedly", "rustically", "safely", "sagely", "securely", "sedately", "sensibly", "serenely",
  "sharply", "silently", "simply", "sincerely", "skilfully", "sleekly", "slowly", "smartly", "smoothly", "snappily",
  "snugly", "sociably", "softly", "solidly", "soothingly", "soulfully", "soundly", "sparingly", "sparklingly",
  "spiritedly", "splendidly", "sportingly", "spryly", "squarely", "staunchly", "steadily", "stoically", "strongly",
  "studiously", "sturdily", "suavely", "sublimely", "subtly", "sunnily", "superbly", "supremely", "surely", "sweetly",
  "swiftly", "tactfully", "tastefully", "tenderly", "thankfully", "thoroughly", "thoughtfully", "tidily",
  "tirelessly", "tranquilly", "triumphantly", "truly", "truthfully", "tunefully", "unerringly", "valiantly",
  "vibrantly", "vigilantly", "vigorously", "vividly", "warmly", "whimsically", "willingly", "winningly", "wisely",
  "wistfully", "wittily", "wondrously", "worthily", "youthfully", "zanily", "zealously", "zestfully", "zippily",
];
