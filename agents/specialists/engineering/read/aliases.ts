/**
 * The documented alias table: the words people use for the catalog's fields and problems. Field
 * names, units, types and ranges come from the problem catalog (tools/engineering/tools/catalog.ts);
 * this table only adds other words for them. A field's own name always works, with `_`, `-` or a
 * space between its parts ("max_iter", "max iter"). Aliases are regular-expression sources over
 * the normalized text (lower case, µ → u, λ → lambda, number words as digits); an alias is used
 * only for a field the problem has. The grid axes are whichever config fields the catalog
 * describes as "along x" / "along y".
 */

/** Words for a volume fraction (Beams2D's and ThermoElastic2D's volfrac, HeatConduction2D's volume). */
const VOLUME_FRACTION: readonly string[] = [
  String.raw`vol(?:ume)?[\s_-]*frac(?:tion)?s?`,
  String.raw`v[\s_-]?f`,
  String.raw`volume[\s_-]*(?:ratio|target|limit|constraint)`,
  String.raw`(?:target[\s_-]*)?material[\s_-]*(?:fraction|budget|usage|use|ratio|limit|amount|share|content|percentage)`,
  String.raw`(?:fraction|amount|share|portion) of (?:the )?(?:material|volume|design space|domain)`,
  String.raw`(?:solid|fill(?:ing)?|infill|mass)[\s_-]*(?:fraction|ratio|factor)`,
  String.raw`(?:target|mean|average)[\s_-]*density`,
  String.raw`density[\s_-]*target`,
  String.raw`material`,
  String.raw`vol(?:ume)?`,
];

/** Other words for a field, by field name. */
export const FIELD_ALIASES: Readonly<Record<string, readonly string[]>> = {
  volfrac: VOLUME_FRACTION,
  volume: [String.raw`(?:conductive|conducting|high[\s_-]*conductivity)[\s_-]*(?:material[\s_-]*)?(?:fraction|share|budget)`, ...VOLUME_FRACTION],
  area: [
    String.raw`(?:adiabatic|insulated|insulating)[\s_-]*(?:bottom[\s_-]*)?(?:area|window|cross|region|width|size)`,
  ],
  length: [
    String.raw`(?:adiabatic|insulated|insulating)[\s_-]*(?:boundary[\s_-]*|bottom[\s_-]*)?(?:length|width|segment|region|part|section|edge|gap|opening|window)(?:[\s_-]*(?:length|width))?`,
    String.raw`(?:heat[\s_-]*)?sink[\s_-]*(?:gap|opening)(?:[\s_-]*(?:length|width))?`,
  ],
  rmin: [
    String.raw`r[\s_-]?min`,
    String.raw`min(?:imum)?[\s_-]*filter[\s_-]*(?:radius|size|length|width)`,
    String.raw`filter(?:ing)?[\s_-]*(?:radius|size|length|width|r)`,
    String.raw`(?:(?:density|sensitivity)[\s_-]*)?filter (?:with|of) (?:a )?radius`,
    String.raw`(?:density|sensitivity)[\s_-]*filter(?:[\s_-]*radius)?`,
    String.raw`min(?:imum)?[\s_-]*(?:length[\s_-]*scale|feature[\s_-]*size|member[\s_-]*(?:size|width|thickness)|feature[\s_-]*width)`,
    String.raw`length[\s_-]*scale`,
    String.raw`filter`,
  ],
  forcedist: [
    String.raw`force[\s_-]*dist(?:ance)?`,
    String.raw`(?:load|force)[\s_-]*(?:position|location|distance|offset|point|placement)`,
    String.raw`(?:position|location|placement|point) of (?:the )?(?:load|force)`,
    String.raw`(?:point[\s_-]*)?(?:load|force)`,
  ],
  overhang_constraint: [
    String.raw`overhang(?:[\s_-]*(?:constraint|filter|control|restriction|limit|rule))?`,
    String.raw`self[\s_-]*supporting(?:[\s_-]*constraint)?`,
    String.raw`(?:am|additive(?:[\s_-]*manufacturing)?|printability)[\s_-]*(?:filter|constraint)`,
  ],
  penal: [
    String.raw`penali[sz]ation(?:[\s_-]*(?:power|exponent|factor|parameter))?`,
    String.raw`simp[\s_-]*(?:penalty|penali[sz]ation|exponent|power|p)`,
    String.raw`penalty(?:[\s_-]*(?:power|exponent|factor))?`,
  ],
  max_iter: [
    String.raw`max(?:imum)?[\s_-]*(?:number[\s_-]*of[\s_-]*)?iter(?:ation)?s?`,
    String.raw`iter(?:ation)?s?(?:[\s_-]*(?:cap|limit|budget|count|max))?`,
    String.raw`n[\s_-]?iter`,
    String.raw`(?:optimi[sz]ation|optimi[sz]er)[\s_-]*(?:steps|iterations)`,
    String.raw`steps`,
  ],
  num_optimization_steps: [
    String.raw`(?:num(?:ber)?[\s_-]*(?:of[\s_-]*)?)?(?:optimi[sz]ation|adam)[\s_-]*steps`,
    String.raw`max(?:imum)?[\s_-]*(?:number[\s_-]*of[\s_-]*)?(?:iter(?:ation)?s?|steps)`,
    String.raw`iter(?:ation)?s?(?:[\s_-]*(?:cap|limit|budget|count))?`,
    String.raw`steps`,
  ],
  lambda1: [String.raw`(?:a |the )?first(?: one)?(?=\s+(?:of|at|=|is)\s+\d)`, String.raw`lambda[\s_-]*(?:1|one)`, String.raw`(?:first|1st)[\s_-]*wavelength`, String.raw`wavelength[\s_-]*(?:1|one)`, String.raw`wavelength (?:for|of|to|at) (?:output[\s_-]*)?port[\s_-]*1`],
  lambda2: [String.raw`(?:a |the )?second(?: one)?(?=\s+(?:of|at|=|is)\s+\d)`, String.raw`lambda[\s_-]*(?:2|two)`, String.raw`(?:second|2nd)[\s_-]*wavelength`, String.raw`wavelength[\s_-]*(?:2|two)`, String.raw`wavelength (?:for|of|to|at) (?:output[\s_-]*)?port[\s_-]*2`],
  blur_radius: [String.raw`blur(?:ring)?(?:[\s_-]*(?:radius|size|filter|kernel|width))?`, String.raw`(?:disk|disc)[\s_-]*blur`, String.raw`smoothing[\s_-]*radius`],
  step_size: [String.raw`step[\s_-]*size`, String.raw`learning[\s_-]*rate`, String.raw`lr`],
  penalty_weight: [String.raw`penalty[\s_-]*weight`, String.raw`l2[\s_-]*penalty(?:[\s_-]*weight)?`, String.raw`penalty`],
  eta: [String.raw`projection[\s_-]*threshold`, String.raw`eta`],
  initial_beta: [String.raw`(?:initial|start(?:ing)?|first)[\s_-]*beta`, String.raw`beta[\s_-]*0`],
  max_beta: [String.raw`(?:max(?:imum)?|final|end)[\s_-]*beta`],
  weight: [String.raw`(?:objective|structural|mechanical)[\s_-]*weight`, String.raw`weight(?:ing)?`, String.raw`w`],
  exact_gradient: [String.raw`exact[\s_-]*(?:adjoint[\s_-]*)?gradients?`, String.raw`adjoint[\s_-]*gradients?`],
};

/** Words for the grid axes (the config fields the catalog describes as along x / along y). */
export const AXIS_ALIASES: Readonly<Record<'x' | 'y', readonly string[]>> = {
  x: [
    String.raw`nel[\s_-]?x`, String.raw`nx`, String.raw`num[\s_-]?elem(?:ent)?s[\s_-]?x`,
    String.raw`(?:number[\s_-]*of[\s_-]*)?(?:elements?|cells?|pixels?)[\s_-]*(?:along|in)[\s_-]*(?:the[\s_-]*)?(?:x|length|horizontal)(?:[\s_-]*(?:direction|axis))?`,
    String.raw`(?:horizontal|x|lengthwise)[\s_-]*(?:resolution|elements|cells|discreti[sz]ation|size)`,
    String.raw`(?:elements|cells|pixels)[\s_-]*(?:wide|across|long)`,
    String.raw`width in (?:elements|cells)`,
  ],
  y: [
    String.raw`nel[\s_-]?y`, String.raw`ny`, String.raw`num[\s_-]?elem(?:ent)?s[\s_-]?y`,
    String.raw`(?:number[\s_-]*of[\s_-]*)?(?:elements?|cells?|pixels?)[\s_-]*(?:along|in)[\s_-]*(?:the[\s_-]*)?(?:y|height|vertical)(?:[\s_-]*(?:direction|axis))?`,
    String.raw`(?:vertical|y)[\s_-]*(?:resolution|elements|cells|discreti[sz]ation|size)`,
    String.raw`(?:elements|cells|pixels)[\s_-]*(?:tall|high|deep)`,
    String.raw`height in (?:elements|cells)`,
  ],
};

/** Words that name several fields at once; the values that follow fill them in order. */
export const GROUP_ALIASES: readonly { fields: readonly string[]; phrase: string }[] = [
  { fields: ['lambda1', 'lambda2'], phrase: String.raw`(?:the[\s_-]*)?(?:two[\s_-]*|2[\s_-]*|both[\s_-]*)?(?:wavelengths?|lambdas)` },
];

/**
 * Words that stand for a value of a field, used only when no number is given for it. Beams2D models
 * the right half of the MBB beam, so a load "in the middle" of the beam is at its left edge: 0.
 */
export const WORD_VALUES: Readonly<Record<string, readonly { words: RegExp; value: number; note: string }[]>> = {
  forcedist: [
    {
      words: /\b(?:load|force)\b[^.;,]*?\b(?:in the (?:middle|centre|center)|at (?:the )?(?:mid-?span|middle|centre|center|symmetry line)|cent(?:er|re)d)\b|\b(?:central|mid-?span|centre|center|middle) (?:load|force)\b/,
      value: 0,
      note: '"load in the middle" read as forcedist 0 (Beams2D models the half beam; its left edge is the centre line of the full beam)',
    },
  ],
};

/** Words that describe a value without giving it: the reader asks for the number. */
export const VAGUE =
  /\b(?:light(?:weight|er)?|heavy|stiff(?:er|est)?|sturdy|strong(?:er)?|robust|thin(?:ner)?|thick(?:er)?|fine(?:r)?|coarse(?:r)?|smooth(?:er)?|minimal material|little material|less material|more material|lots of material|near the (?:tip|end|edge|support)|at the (?:tip|end|far end)|towards? the (?:end|tip)|somewhere|reasonable|typical|moderate|high resolution|low resolution|a bit|slightly)\b/g;

/** Words that name a problem of the catalog (its id always works, with or without separators). */
export const PROBLEM_ALIASES: Readonly<Record<string, string>> = {
  beams2d: String.raw`beams?|mbb|girders?|cantilever(?:s|[\s_-]*beams?)?`,
  photonics2d: String.raw`photonics?|demultiplex(?:er|or|ers|ing)?|demux|(?:wavelength|optical|light)[\s_-]*(?:splitter|router|separator)|waveguides?|wavelengths?`,
  thermoelastic2d: String.raw`thermo[\s_-]*elastic(?:ity)?|thermal[\s_-]*(?:structural|mechanical)|thermo[\s_-]*mechanical`,
  // Not after "on": "the rest (of the objective) on heat conduction" is ThermoElastic2D's weight.
  heatconduction2d: String.raw`(?<!\bon\s+|3[\s-]?d[\s_-]*)heat[\s_-]*conduct(?:ion|ing|ive)(?![\s_-]*(?:in[\s_-]*)?(?:3[\s-]?d|a[\s_-]*cube))|(?<!3[\s-]?d[\s_-]*)heat[\s_-]*(?:sinks?|spreaders?)|poisson[\s_-]*topology`,
  heatconduction3d: String.raw`3[\s-]?d[\s_-]*heat[\s_-]*(?:conduct(?:ion|ing|ive)|sinks?)|heat[\s_-]*conduct(?:ion|ing|ive)[\s_-]*(?:in[\s_-]*)?(?:3[\s-]?d|a[\s_-]*cube)`,
};

/** Words read as a problem only with a note on what the problem really is. */
export const PROBLEM_NOTES: Readonly<Record<string, { word: RegExp; note: string }>> = {
  beams2d: { word: /cantilever/, note: '"cantilever" read as beams2d, the MBB half-beam (simply supported, the only beam problem)' },
};

/** Problems people ask for that the catalog does not have. */
export const UNAVAILABLE_PROBLEMS: readonly { name: string; words: RegExp }[] = [
  { name: 'airfoil / aerodynamics (CFD)', words: /\b(?:airfoils?|aerofoils?|wings?|cfd|aerodynamic\w*|fluid[\s_-]*flow)\b/ },
  { name: 'a 3-D structure', words: /\b3[\s-]?d[\s_-]*(?:beams?|structures?|topology|problems?|brackets?)\b/ },
  { name: 'trusses', words: /\btruss(?:es)?\b/ },
];

/**
 * Domain words the fuzzy matcher corrects misspellings to (fuzzy.ts). Short words (3–4 letters)
 * are corrected only to SHORT_TARGETS, by one inserted, dropped or swapped letter.
 */
export const VOCABULARY: readonly string[] = [
  'optimize', 'optimise', 'optimization', 'optimisation', 'optimized', 'topology', 'simulate', 'simulation', 'simulated', 'evaluate',
  'render', 'rendering', 'visualize', 'visualise', 'export', 'compare', 'comparison', 'design', 'designs', 'beams', 'cantilever',
  'girder', 'photonic', 'photonics', 'demultiplexer', 'wavelength', 'wavelengths', 'waveguide', 'thermoelastic', 'volume', 'fraction',
  'material', 'filter', 'radius', 'minimum', 'maximum', 'force', 'loads', 'position', 'distance', 'located', 'positioned', 'overhang',
  'constraint', 'penalization', 'penalty', 'iterations', 'iteration', 'elements', 'resolution', 'horizontal', 'vertical', 'lambda',
  'threshold', 'scale', 'mirror', 'extrude', 'extrusion', 'printable', 'compliance', 'default', 'defaults', 'percent', 'middle',
  'center', 'centre', 'weight', 'gradient', 'exact', 'learning', 'picture', 'display', 'previous', 'instead', 'beams2d', 'photonics2d',
  'thermoelastic2d', 'heatconduction2d', 'conduction', 'insulated', 'adiabatic', 'blurring', 'direction', 'objective', 'performance', 'manufacturing',
];

export const SHORT_TARGETS: readonly string[] = ['beam', 'beams', 'load', 'mesh', 'grid', 'blur'];

/** English words near a domain word that are never "corrected". */
export const NOT_TYPOS: readonly string[] = (
  'team teams seam seams bean beans bear bears beat beats beak beaks ream reams been beamy bam tender fender gender lender mender sender ' +
  'renter how lad rid lot raw ate rat pot sow bur ram bet ben ore lod mes gird grin grit arid grind loud lead road toad goad loan loaf ' +
  'lord lords leads roads toads loans goads grins grits stimulate stimulation stimulated expert experts compere compile mess mash mush ' +
  'forge farce fiddle riddle muddle meddle radios radium filler fitter falter filers blue slur blurb stops stems steep seeps height eight ' +
  'weigh scalp stale scare shale scald resign deign pedal petal renal percept maternal traction faction friction fractal destiny ' +
  'overhand overhung positive optimism emulate instance distant revolution solution compliant radiant alterations irritation evacuate ' +
  'leaning yearning earning exalt previews typology phonetic girdle volute flitter lambs expect extent scene scent sample simple ' +
  'single dimple filled fitted listed lifted gifted tilted centra renders minimal'
).split(/\s+/);
