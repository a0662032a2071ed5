// The product vocabulary of the demo catalogue: category tree, brands, varieties and pack sizes
// with realistic wholesale price ranges (PKR). Shared by the demo seeder and the large-catalogue
// benchmark, so both catalogues read alike.

export interface PackSpec {
  /** Printed in the product name, e.g. "5 Litre Bottle". */
  label: string;
  /** The weight column, e.g. "5 L". */
  weight: string;
  /** Wholesale price range in whole rupees. */
  min: number;
  max: number;
}

export interface LeafSpec {
  name: string;
  /** What the product is, e.g. "Basmati Rice"; the name is brand + variety + noun + pack. */
  noun: string;
  /** '' means the plain product. */
  varieties: readonly string[];
  packs: readonly PackSpec[];
  /** Brands of this leaf when only some of the level-2 brands make it. */
  brands?: readonly string[];
}

export interface ParentSpec {
  name: string;
  children: readonly LeafSpec[];
}

export type Level3Spec = LeafSpec | ParentSpec;

export type TopCategory = 'Food' | 'Non Food';

export interface Level2Spec {
  name: string;
  top: TopCategory;
  /** 18% GST included in the price (basic food is exempt). */
  taxed: boolean;
  brands: readonly string[];
  /** Second sentence of every description in this category. */
  blurb: string;
  /** Leaf business types the products are offered to. */
  businessTypes: readonly string[];
  children: readonly Level3Spec[];
}

export const GST_PERCENT = 18;

const pk = (label: string, min: number, max: number, weight = label): PackSpec => ({ label, weight, min, max });
const leaf = (name: string, noun: string, varieties: string[], packs: PackSpec[], brands?: string[]): LeafSpec =>
  brands ? { name, noun, varieties, packs, brands } : { name, noun, varieties, packs };

const FOOD_SERVICE = ['Hotel', 'Fast Food', 'Fine Dining', 'Caterer'];
const INSTITUTIONS = ['Office', 'School', 'Hospital'];
const GROCERY = ['Kiryana Store', 'Super Store'];

const RICE = [pk('1 kg', 380, 560), pk('5 kg', 1800, 3200), pk('10 kg', 3600, 6200), pk('25 kg Bag', 8800, 15000, '25 kg')];
const PULSES = [pk('500 g', 150, 290), pk('1 kg', 290, 560), pk('5 kg', 1400, 2700), pk('25 kg Bag', 6900, 13000, '25 kg')];
const GROUND = [pk('50 g', 70, 120), pk('200 g', 230, 380), pk('400 g', 430, 700), pk('1 kg', 950, 1600)];
const WHOLE = [pk('100 g', 150, 450), pk('250 g', 350, 1000), pk('500 g', 650, 1900), pk('1 kg', 1200, 3600)];
const TEA = [pk('95 g', 140, 190), pk('190 g', 270, 360), pk('475 g', 640, 860), pk('950 g', 1200, 1700)];
const OIL = [pk('1 Litre Pouch', 480, 620, '1 L'), pk('3 Litre Bottle', 1500, 1850, '3 L'), pk('5 Litre Bottle', 2500, 3200, '5 L'), pk('16 Litre Tin', 8000, 9800, '16 L')];
const CLEANER = [pk('500 ml', 280, 430), pk('1 Litre', 520, 780, '1 L'), pk('2 Litre', 950, 1450, '2 L'), pk('5 Litre Can', 2200, 3400, '5 L')];
const PACKS_OF = (unitMin: number, unitMax: number) => [
  pk('Pack of 50', unitMin * 50, unitMax * 50, '50 pcs'),
  pk('Pack of 100', unitMin * 95, unitMax * 95, '100 pcs'),
  pk('Carton of 500', unitMin * 450, unitMax * 450, '500 pcs'),
  pk('Carton of 1000', unitMin * 880, unitMax * 880, '1000 pcs'),
];

export const CATALOGUE: readonly Level2Spec[] = [
  {
    name: 'Rice & Grains', top: 'Food', taxed: false, brands: ['Guard', 'Falak', 'Kernel', 'Matco', 'Sunwhite', 'Reem'],
    blurb: 'Cleaned, sorted and packed for shops and kitchens that buy in bulk.', businessTypes: [...GROCERY, ...FOOD_SERVICE],
    children: [
      { name: 'Basmati Rice', children: [
        leaf('Super Kernel', 'Super Kernel Basmati Rice', ['', 'Premium', 'Classic', 'Aged', 'Extra Long Grain'], RICE),
        leaf('1121 Basmati', '1121 Basmati Rice', ['', 'Premium', 'Steam', 'Golden', 'Extra Long Grain'], RICE),
      ] },
      { name: 'Sella Rice', children: [
        leaf('Golden Sella', 'Golden Sella Rice', ['', 'Premium', 'Classic', 'Extra Long Grain'], RICE),
        leaf('White Sella', 'White Sella Rice', ['', 'Premium', 'Classic', 'Double Polished'], RICE),
      ] },
      leaf('Broken Rice', 'Broken Rice', ['', 'Super Kernel', 'Basmati', 'Sella', 'Tota'], [pk('1 kg', 220, 300), pk('5 kg', 1100, 1500), pk('10 kg', 2150, 2950), pk('25 kg Bag', 5200, 7000, '25 kg')]),
      leaf('Grains', '', ['Daliya', 'Jau (Barley)', 'Sabudana', 'Makai Dana', 'Bajra', 'Rolled Oats'], [pk('500 g', 120, 260), pk('1 kg', 220, 480), pk('5 kg', 1000, 2200)]),
    ],
  },
  {
    name: 'Atta & Flour', top: 'Food', taxed: false, brands: ['Sunridge', 'Fauji', 'Ashrafi', 'Bake Parlor', 'Mehran'],
    blurb: 'Milled from selected wheat and grains, in sealed bags for freshness.', businessTypes: [...GROCERY, ...FOOD_SERVICE],
    children: [
      leaf('Chakki Atta', 'Chakki Atta', ['', 'Fine', 'Brown', 'Multigrain', 'Whole Wheat'], [pk('5 kg', 600, 900), pk('10 kg', 1250, 1750), pk('20 kg', 2400, 3400), pk('40 kg Bag', 4700, 6600, '40 kg')]),
      leaf('Maida', 'Maida', ['', 'Fine', 'Superfine', 'Bakery Grade'], [pk('1 kg', 140, 190), pk('5 kg', 700, 900), pk('10 kg', 1350, 1750), pk('50 kg Bag', 6500, 8500, '50 kg')]),
      leaf('Besan', 'Besan', ['', 'Fine', 'Coarse', 'Premium'], [pk('500 g', 160, 230), pk('1 kg', 300, 420), pk('5 kg', 1450, 2000), pk('25 kg Bag', 7000, 9800, '25 kg')]),
      leaf('Sooji', 'Sooji', ['', 'Fine', 'Coarse', 'Brown'], [pk('500 g', 90, 130), pk('1 kg', 170, 240), pk('5 kg', 820, 1150), pk('25 kg Bag', 4000, 5600, '25 kg')]),
    ],
  },
  {
    name: 'Pulses (Daal)', top: 'Food', taxed: false, brands: ['Mehran', 'National', 'Falak', 'Ashrafi', 'Guard'],
    blurb: 'Machine cleaned and stone free, ready to cook.', businessTypes: [...GROCERY, 'Hotel', 'Caterer'],
    children: [
      leaf('Daal Chana', 'Daal Chana', ['', 'Bareek', 'Moti', 'Premium'], PULSES),
      leaf('Daal Masoor', 'Daal Masoor', ['', 'Washed', 'Whole', 'Premium'], PULSES),
      leaf('Daal Moong', 'Daal Moong', ['', 'Washed', 'Whole', 'Premium'], PULSES),
      leaf('Daal Mash', 'Daal Mash', ['', 'Washed', 'Whole', 'Premium'], PULSES),
      leaf('Chickpeas & Beans', '', ['White Chana', 'Kala Chana', 'Lobia', 'Rajma', 'Red Beans'], PULSES),
    ],
  },
  {
    name: 'Cooking Oil & Ghee', top: 'Food', taxed: false, brands: ['Dalda', 'Habib', 'Sufi', 'Eva', 'Mezan', 'Kisan', 'Soya Supreme', 'Seasons'],
    blurb: 'Fortified with vitamins A and D, in sealed food-grade packing.', businessTypes: [...GROCERY, ...FOOD_SERVICE],
    children: [
      { name: 'Cooking Oil', children: [
        leaf('Canola Oil', 'Canola Oil', ['', 'Premium', 'Lite'], OIL),
        leaf('Sunflower Oil', 'Sunflower Oil', ['', 'Premium', 'Lite'], OIL),
      ] },
      leaf('Banaspati Ghee', 'Banaspati Ghee', ['', 'Premium', 'Golden', 'Lite'], [pk('1 kg Pouch', 470, 600, '1 kg'), pk('2.5 kg Tin', 1250, 1550, '2.5 kg'), pk('5 kg Tin', 2450, 3100, '5 kg'), pk('16 kg Tin', 7800, 9500, '16 kg')]),
      leaf('Desi Ghee', 'Desi Ghee', ['', 'Pure', 'Premium', 'Cow', 'Buffalo'], [pk('500 g', 1000, 1400), pk('1 kg', 1900, 2700), pk('2.5 kg Tin', 4600, 6600, '2.5 kg')], ['Dalda', 'Habib', 'Sufi', 'Mezan', 'Kisan', 'Seasons']),
      leaf('Olive Oil', 'Olive Oil', ['Extra Virgin', 'Pomace', 'Pure', 'Light'], [pk('250 ml', 650, 950), pk('500 ml', 1200, 1800), pk('1 Litre', 2300, 3400, '1 L'), pk('3 Litre Tin', 6500, 9500, '3 L')], ['Dalda', 'Eva', 'Seasons', 'Sufi']),
    ],
  },
  {
    name: 'Sugar & Sweeteners', top: 'Food', taxed: false, brands: ['Al-Arabia', 'Shakarganj', 'Chashma', 'Canderel', 'Hermesetas', 'Marhaba', "Young's", 'Hamdard'],
    blurb: 'Hygienically packed and sealed for shelf life.', businessTypes: [...GROCERY, 'Hotel', 'Caterer'],
    children: [
      leaf('White Sugar', 'Sugar', ['Refined', 'Fine Grain', 'Coarse Grain', 'Crystal', 'Icing'], [pk('1 kg', 140, 170), pk('5 kg', 690, 820), pk('10 kg', 1380, 1620), pk('50 kg Bag', 6800, 7900, '50 kg')], ['Al-Arabia', 'Shakarganj', 'Chashma']),
      leaf('Brown Sugar', 'Brown Sugar', ['', 'Desi', 'Organic', 'Cane'], [pk('500 g', 110, 170), pk('1 kg', 200, 320), pk('5 kg', 950, 1550)], ['Al-Arabia', 'Shakarganj', 'Chashma', 'Marhaba']),
      leaf('Gur & Shakkar', '', ['Gur', 'Shakkar', 'Gur Cubes', 'Desi Shakkar'], [pk('500 g', 120, 180), pk('1 kg', 220, 340), pk('5 kg', 1050, 1650)], ['Al-Arabia', 'Shakarganj', 'Chashma', 'Marhaba']),
      leaf('Sweeteners', 'Sweetener', ['Tablets', 'Powder', 'Sachets', 'Liquid', 'Stevia', 'Sucralose'], [pk('100 Count', 350, 650, '100 pcs'), pk('300 Count', 900, 1500, '300 pcs'), pk('Box of 50', 450, 800, '50 pcs'), pk('Box of 100', 850, 1500, '100 pcs')], ['Canderel', 'Hermesetas', 'Hamdard']),
      leaf('Honey', 'Honey', ['', 'Pure', 'Sidr', 'Acacia', 'Forest'], [pk('250 g', 450, 800), pk('500 g', 850, 1500), pk('1 kg', 1600, 2800)], ['Marhaba', "Young's", 'Hamdard']),
    ],
  },
  {
    name: 'Tea & Coffee', top: 'Food', taxed: true, brands: ['Tapal', 'Lipton', 'Vital', 'Brooke Bond', 'Jasmine', 'Tetley', 'Nescafe', 'Davidoff'],
    blurb: 'Blended and packed for rich colour and strong taste, cup after cup.', businessTypes: [...GROCERY, 'Hotel', 'Caterer', ...INSTITUTIONS],
    children: [
      leaf('Black Tea', 'Tea', ['Danedar', 'Family Mixture', 'Yellow Label', 'Supreme', 'Elaichi', 'Strong'], TEA, ['Tapal', 'Lipton', 'Vital', 'Brooke Bond', 'Jasmine']),
      leaf('Green Tea', 'Green Tea', ['', 'Lemon', 'Jasmine', 'Mint', 'Honey'], [pk('25 Bags', 170, 260, '25 bags'), pk('50 Bags', 320, 480, '50 bags'), pk('100 Bags', 600, 900, '100 bags')], ['Tapal', 'Lipton', 'Vital', 'Tetley']),
      leaf('Tea Bags', 'Tea Bags', ['', 'Yellow Label', 'Danedar', 'Elaichi', 'Earl Grey'], [pk('Box of 25', 180, 280, '25 bags'), pk('Box of 50', 340, 520, '50 bags'), pk('Box of 100', 650, 980, '100 bags')], ['Tapal', 'Lipton', 'Vital', 'Brooke Bond', 'Tetley']),
      leaf('Coffee', 'Coffee', ['Classic', 'Gold', '3in1', 'Cappuccino', 'Rich Aroma', 'Fine Aroma'], [pk('50 g Jar', 450, 650, '50 g'), pk('100 g Jar', 850, 1250, '100 g'), pk('200 g Jar', 1600, 2400, '200 g'), pk('Box of 25 Sticks', 500, 800, '25 sticks')], ['Nescafe', 'Davidoff']),
    ],
  },
  {
    name: 'Spices & Masala', top: 'Food', taxed: false, brands: ['Shan', 'National', 'Mehran', 'Ahmed', 'Laziza'],
    blurb: 'Ground from carefully chosen spices for authentic taste.', businessTypes: [...GROCERY, ...FOOD_SERVICE],
    children: [
      { name: 'Recipe Masala', children: [
        leaf('Biryani Masala', 'Masala', ['Biryani', 'Sindhi Biryani', 'Bombay Biryani', 'Pulao Biryani', 'Malay Biryani'], [pk('50 g', 80, 120), pk('100 g', 150, 220), pk('Box of 12 x 50 g', 900, 1400, '600 g'), pk('1 kg', 1300, 1900)]),
        leaf('Karahi Masala', 'Masala', ['Chicken Karahi', 'Mutton Karahi', 'Qorma', 'Nihari', 'Tikka'], [pk('50 g', 80, 120), pk('100 g', 150, 220), pk('Box of 12 x 50 g', 900, 1400, '600 g'), pk('1 kg', 1300, 1900)]),
      ] },
      leaf('Ground Spices', 'Powder', ['Red Chilli', 'Turmeric (Haldi)', 'Coriander', 'Cumin', 'Garam Masala', 'Black Pepper'], GROUND),
      leaf('Whole Spices', '', ['Zeera', 'Kali Mirch', 'Laung', 'Dalchini', 'Badi Elaichi', 'Sabut Dhania'], WHOLE),
      leaf('Salt', 'Salt', ['Iodized', 'Pink Himalayan', 'Rock', 'Lite', 'Table'], [pk('800 g', 45, 75), pk('1 kg', 60, 95), pk('3 kg', 170, 260), pk('Carton of 25 x 800 g', 1100, 1800, '20 kg')]),
      leaf('Pickles & Chutney', '', ['Mixed Pickle', 'Mango Pickle', 'Lemon Pickle', 'Garlic Pickle', 'Imli Chutney', 'Mango Chutney'], [pk('400 g Jar', 280, 420, '400 g'), pk('1 kg Jar', 600, 900, '1 kg'), pk('5 kg Tub', 2600, 3800, '5 kg')], ['Shan', 'National', 'Mehran', 'Ahmed']),
    ],
  },
  {
    name: 'Beverages', top: 'Food', taxed: true, brands: ['Pepsi', 'Coca-Cola', 'Sting', 'Nestle Pure Life', 'Aquafina', 'Shezan', 'Nestle', 'Rooh Afza'],
    blurb: 'Sealed at the factory; store in a cool, dry place.', businessTypes: [...GROCERY, ...FOOD_SERVICE, ...INSTITUTIONS, 'Pharmacy'],
    children: [
      leaf('Soft Drinks', 'Soft Drink', ['Regular', 'Diet', 'Zero Sugar', 'Lemon Lime', 'Orange'], [pk('250 ml Bottle', 45, 60, '250 ml'), pk('500 ml Bottle', 80, 110, '500 ml'), pk('1.5 Litre Bottle', 180, 230, '1.5 L'), pk('2.25 Litre Bottle', 250, 310, '2.25 L'), pk('Pack of 6 x 1.5 Litre', 1050, 1350, '9 L'), pk('Carton of 24 x 250 ml', 1050, 1400, '6 L')], ['Pepsi', 'Coca-Cola', 'Sting']),
      leaf('Mineral Water', 'Water', ['Mineral', 'Drinking', 'Sparkling'], [pk('330 ml', 35, 50), pk('500 ml', 45, 65), pk('1.5 Litre', 80, 110, '1.5 L'), pk('6 Litre', 180, 240, '6 L'), pk('19 Litre Bottle', 250, 400, '19 L'), pk('Pack of 12 x 500 ml', 500, 700, '6 L'), pk('Pack of 6 x 1.5 Litre', 450, 620, '9 L')], ['Nestle Pure Life', 'Aquafina']),
      leaf('Juices & Nectars', 'Juice', ['Mango', 'Apple', 'Orange', 'Guava', 'Peach', 'Mixed Fruit'], [pk('200 ml Pack', 40, 60, '200 ml'), pk('1 Litre Pack', 250, 380, '1 L'), pk('Carton of 24 x 200 ml', 950, 1400, '4.8 L')], ['Shezan', 'Nestle']),
      leaf('Syrups & Squash', '', ['Sharbat', 'Lemon Squash', 'Orange Squash', 'Mango Squash', 'Falsa Sharbat', 'Badam Sharbat'], [pk('800 ml Bottle', 420, 560, '800 ml'), pk('1.5 Litre Bottle', 750, 990, '1.5 L'), pk('Carton of 12 x 800 ml', 4800, 6500, '9.6 L')], ['Rooh Afza', 'Shezan']),
    ],
  },
  {
    name: 'Dairy', top: 'Food', taxed: false, brands: ['Olpers', 'Nestle', 'Haleeb', 'Dairy Omung', 'Adams', 'Nurpur'],
    blurb: 'Kept in date and stored to the maker\'s instructions.', businessTypes: [...GROCERY, ...FOOD_SERVICE],
    children: [
      leaf('UHT Milk', 'Milk', ['Full Cream', 'Low Fat', 'Skimmed', 'Flavoured'], [pk('250 ml', 70, 95), pk('1 Litre', 270, 330, '1 L'), pk('1.5 Litre', 400, 490, '1.5 L'), pk('Pack of 12 x 1 Litre', 3200, 3900, '12 L')], ['Olpers', 'Nestle', 'Haleeb', 'Nurpur']),
      leaf('Powdered Milk & Whitener', '', ['Milk Powder', 'Tea Whitener', 'Full Cream Milk Powder', 'Dairy Creamer'], [pk('390 g', 700, 1100), pk('900 g', 1500, 2300), pk('2.5 kg', 3900, 5800)], ['Nestle', 'Haleeb', 'Dairy Omung', 'Olpers']),
      leaf('Cream', 'Cream', ['', 'Cooking', 'Whipping', 'Dairy'], [pk('200 ml', 180, 260), pk('1 Litre', 850, 1200, '1 L'), pk('Carton of 24 x 200 ml', 4200, 6000, '4.8 L')], ['Olpers', 'Nestle', 'Haleeb', 'Nurpur']),
      leaf('Butter & Cheese', '', ['Salted Butter', 'Unsalted Butter', 'Cheddar Cheese', 'Mozzarella Cheese', 'Cheese Slices'], [pk('100 g', 250, 420), pk('200 g', 480, 800), pk('400 g', 950, 1500), pk('2 kg Block', 4200, 7000, '2 kg')], ['Adams', 'Nurpur', 'Olpers', 'Haleeb']),
    ],
  },
  {
    name: 'Snacks & Biscuits', top: 'Food', taxed: true, brands: ['Peek Freans', 'LU', 'Bisconni', 'Kolson', 'Nimco', 'Lays', 'Kurkure'],
    blurb: 'Freshly packed snacks with a long shelf life.', businessTypes: [...GROCERY, ...INSTITUTIONS],
    children: [
      { name: 'Biscuits', children: [
        leaf('Plain Biscuits', 'Biscuits', ['Sooper', 'Marie', 'Zeera Plus', 'Rio', 'Tuc', 'Gluco'], [pk('Ticky Pack', 10, 20, '30 g'), pk('Snack Pack', 25, 40, '60 g'), pk('Family Pack', 120, 260, '300 g'), pk('Carton of 24 Snack Packs', 450, 850, '1.4 kg')], ['Peek Freans', 'LU', 'Bisconni']),
        leaf('Cream Biscuits', 'Biscuits', ['Chocolate Cream', 'Strawberry Cream', 'Vanilla Cream', 'Orange Cream', 'Peanut Butter'], [pk('Ticky Pack', 10, 20, '30 g'), pk('Snack Pack', 25, 40, '60 g'), pk('Family Pack', 120, 260, '300 g'), pk('Carton of 24 Snack Packs', 450, 850, '1.4 kg')], ['Peek Freans', 'LU', 'Bisconni']),
      ] },
      leaf('Cookies & Cakes', '', ['Chocolate Chip Cookies', 'Butter Cookies', 'Cake Slice', 'Cup Cake', 'Swiss Roll'], [pk('Single', 25, 40, '40 g'), pk('Family Pack', 250, 450, '300 g'), pk('Box of 12', 300, 480, '480 g')], ['Peek Freans', 'LU', 'Bisconni']),
      leaf('Chips & Crisps', 'Chips', ['Salted', 'Masala', 'French Cheese', 'Chilli', 'Yogurt & Herb'], [pk('30 g', 45, 60), pk('70 g', 100, 130), pk('150 g', 200, 270), pk('Carton of 36 x 30 g', 1500, 2100, '1.08 kg')], ['Lays', 'Kurkure', 'Kolson']),
      leaf('Nimco & Namkeen', '', ['Mix Nimco', 'Daal Moth', 'Chana Chur', 'Salted Peanuts', 'Bombay Mix', 'Nimko Sev'], [pk('100 g', 90, 150), pk('200 g', 170, 280), pk('500 g', 420, 650), pk('1 kg', 800, 1250)], ['Nimco', 'Kolson', 'Mehran']),
      leaf('Noodles & Pasta', '', ['Chicken Noodles', 'Masala Noodles', 'Spaghetti', 'Macaroni', 'Vermicelli'], [pk('65 g', 50, 70), pk('400 g', 230, 330), pk('Pack of 5 x 65 g', 240, 340, '325 g'), pk('Carton of 48 x 65 g', 2300, 3200, '3.1 kg')], ['Kolson', 'Bake Parlor', 'Shan']),
    ],
  },
  {
    name: 'Detergents & Laundry', top: 'Non Food', taxed: true, brands: ['Surf Excel', 'Ariel', 'Bonus', 'Brite', 'Express Power', 'Comfort', 'Vanish'],
    blurb: 'Tough on stains and gentle on fabric; for hand and machine wash.', businessTypes: [...GROCERY, 'Hotel'],
    children: [
      leaf('Washing Powder', 'Washing Powder', ['', 'Matic Front Load', 'Matic Top Load', 'Lemon', 'Rose'], [pk('500 g', 280, 380), pk('1 kg', 520, 760), pk('2 kg', 980, 1450), pk('4 kg', 1900, 2800)], ['Surf Excel', 'Ariel', 'Bonus', 'Brite', 'Express Power']),
      leaf('Liquid Detergent', 'Liquid Detergent', ['', 'Matic', 'Colour Care', 'Black Care'], [pk('500 ml', 420, 650), pk('1 Litre', 780, 1200, '1 L'), pk('2.5 Litre', 1800, 2800, '2.5 L')], ['Surf Excel', 'Ariel', 'Brite', 'Express Power']),
      leaf('Laundry Bar', 'Laundry Bar', ['', 'Lemon', 'Power', 'Blue'], [pk('Single', 70, 110, '250 g'), pk('Pack of 3', 210, 320, '750 g'), pk('Carton of 48', 3200, 5000, '12 kg')], ['Surf Excel', 'Bonus', 'Brite', 'Express Power']),
      leaf('Fabric Softener', 'Fabric Conditioner', ['', 'Blue Fresh', 'Lily Fresh', 'Intense'], [pk('400 ml', 350, 520), pk('1 Litre', 780, 1100, '1 L'), pk('2 Litre', 1450, 2050, '2 L')], ['Comfort', 'Vanish', 'Brite']),
      leaf('Bleach & Stain Remover', '', ['Stain Remover', 'Bleach', 'Oxi Action', 'Whitener'], [pk('500 ml', 180, 280), pk('1 Litre', 320, 480, '1 L'), pk('2 Litre', 580, 860, '2 L')], ['Vanish', 'Brite', 'Express Power']),
    ],
  },
  {
    name: 'Tissue & Paper', top: 'Non Food', taxed: true, brands: ['Rose Petal', 'Perfumed', 'Tullo', 'Fay', 'Kleenex'],
    blurb: 'Soft, strong and hygienically packed.', businessTypes: [...GROCERY, ...FOOD_SERVICE, ...INSTITUTIONS, 'Pharmacy'],
    children: [
      { name: 'Facial Tissue', children: [
        leaf('Box Tissue', 'Facial Tissue', ['', 'Soft', 'Unscented', 'Aloe Vera'], [pk('100x2 Ply', 120, 190, '100 sheets'), pk('150x2 Ply', 150, 260, '150 sheets'), pk('200x2 Ply', 220, 330, '200 sheets'), pk('Pack of 5 x 150x2 Ply', 700, 1200, '750 sheets')]),
        leaf('Pocket Tissue', 'Pocket Tissue', ['', 'Soft', 'Scented', 'Mini'], [pk('Single', 20, 35, '10 sheets'), pk('Pack of 12', 220, 380, '120 sheets'), pk('Carton of 96', 1700, 2900, '960 sheets')]),
      ] },
      leaf('Toilet Roll', 'Toilet Roll', ['', 'Soft', 'Jumbo', '3 Ply'], [pk('Single Roll', 70, 110, '1 roll'), pk('Pack of 4 Rolls', 260, 420, '4 rolls'), pk('Pack of 12 Rolls', 750, 1200, '12 rolls')]),
      leaf('Kitchen Towel', 'Kitchen Towel', ['', 'Jumbo', 'Absorbent', 'Printed'], [pk('Single Roll', 150, 250, '1 roll'), pk('Pack of 2 Rolls', 280, 460, '2 rolls'), pk('Pack of 6 Rolls', 800, 1300, '6 rolls')]),
      leaf('Napkins', 'Napkins', ['Table', 'Dinner', 'Cocktail', 'Printed'], [pk('50 Pcs', 100, 170, '50 pcs'), pk('100 Pcs', 180, 300, '100 pcs'), pk('Carton of 500', 850, 1300, '500 pcs')]),
    ],
  },
  {
    name: 'Personal Care', top: 'Non Food', taxed: true, brands: ['Lifebuoy', 'Lux', 'Safeguard', 'Sunsilk', 'Head & Shoulders', 'Dettol', 'Colgate', 'Pantene'],
    blurb: 'Dermatologically tested everyday care for the whole family.', businessTypes: [...GROCERY, 'Pharmacy', 'Hotel'],
    children: [
      leaf('Bath Soap', 'Soap', ['', 'Total', 'Lemon Fresh', 'Rose', 'Herbal', 'Cool'], [pk('100 g', 95, 150), pk('150 g', 140, 210), pk('Pack of 3 x 100 g', 270, 430, '300 g'), pk('Carton of 72', 6500, 10500, '7.2 kg')], ['Lifebuoy', 'Lux', 'Safeguard', 'Dettol']),
      leaf('Shampoo', 'Shampoo', ['', 'Anti Dandruff', 'Smooth & Silky', 'Black Shine', 'Hairfall Defence'], [pk('185 ml', 380, 600), pk('360 ml', 700, 1100), pk('650 ml', 1250, 1900), pk('Strip of 12 Sachets', 120, 200, '12 sachets')], ['Sunsilk', 'Head & Shoulders', 'Pantene', 'Lifebuoy']),
      leaf('Toothpaste', 'Toothpaste', ['', 'Herbal', 'Max Fresh', 'Sensitive', 'Whitening'], [pk('45 g', 90, 140), pk('100 g', 210, 320), pk('150 g', 300, 450), pk('Family Pack 200 g', 420, 620, '200 g')], ['Colgate', 'Dettol']),
      leaf('Hand Wash', 'Hand Wash', ['', 'Original', 'Sensitive', 'Cool', 'Lemon'], [pk('200 ml Pump', 280, 420, '200 ml'), pk('500 ml Refill', 480, 700, '500 ml'), pk('1 Litre Refill', 850, 1250, '1 L')], ['Dettol', 'Lifebuoy', 'Safeguard']),
    ],
  },
  {
    name: 'Stationery', top: 'Non Food', taxed: true, brands: ['Dollar', 'Piano', 'Oxford', 'Deer', 'Pelikan'],
    blurb: 'Reliable office and school supplies at wholesale rates.', businessTypes: ['Super Store', ...INSTITUTIONS],
    children: [
      leaf('Pens', '', ['Ball Pen', 'Gel Pen', 'Roller Pen', 'Fountain Pen', 'Lead Pencil'], [pk('Single', 15, 40, '1 pc'), pk('Box of 10', 150, 400, '10 pcs'), pk('Box of 50', 700, 1800, '50 pcs')], ['Dollar', 'Piano', 'Pelikan', 'Deer']),
      leaf('Notebooks & Registers', '', ['Register', 'Notebook', 'Spiral Notebook', 'Exercise Book', 'Diary'], [pk('80 Pages', 60, 120, '80 pages'), pk('200 Pages', 180, 320, '200 pages'), pk('Pack of 12', 900, 1800, '12 pcs')], ['Oxford', 'Deer', 'Dollar']),
      { name: 'Paper', children: [
        leaf('A4 Paper', 'A4 Paper', ['70 gsm', '75 gsm', '80 gsm', 'Premium 80 gsm'], [pk('500 Sheets Ream', 1800, 2600, '500 sheets'), pk('Box of 5 Reams', 9000, 12500, '2500 sheets')], ['Oxford', 'Deer', 'Pelikan', 'Dollar']),
        leaf('Legal Paper', 'Legal Paper', ['70 gsm', '75 gsm', '80 gsm', 'Premium 80 gsm'], [pk('500 Sheets Ream', 2200, 3000, '500 sheets'), pk('Box of 5 Reams', 10500, 14500, '2500 sheets')], ['Oxford', 'Deer', 'Pelikan', 'Dollar']),
      ] },
      leaf('Markers & Highlighters', '', ['Permanent Marker', 'Whiteboard Marker', 'Highlighter', 'Paint Marker'], [pk('Single', 60, 140, '1 pc'), pk('Pack of 4', 220, 480, '4 pcs'), pk('Box of 12', 650, 1500, '12 pcs')], ['Dollar', 'Piano', 'Pelikan', 'Deer']),
      leaf('Office Supplies', '', ['Stapler', 'Staple Pins', 'Paper Clips', 'Glue Stick', 'Sticky Notes', 'Correction Pen'], [pk('Single', 40, 450, '1 pc'), pk('Box of 12', 420, 4800, '12 pcs')], ['Dollar', 'Piano', 'Deer', 'Pelikan', 'Oxford']),
    ],
  },
  {
    name: 'Disposables', top: 'Non Food', taxed: true, brands: ['Hotpack', 'Falcon Pack', 'Sun Plast', 'Eco Pack'],
    blurb: 'Food-safe disposables for kitchens, counters and events.', businessTypes: ['Super Store', ...FOOD_SERVICE, ...INSTITUTIONS],
    children: [
      leaf('Cups & Glasses', '', ['Plastic Cups', 'Paper Cups', 'Tea Cups', 'Plastic Glasses'], PACKS_OF(3, 7)),
      leaf('Plates & Bowls', '', ['Plastic Plates', 'Paper Plates', 'Foam Plates', 'Plastic Bowls'], PACKS_OF(4, 10)),
      leaf('Food Containers', '', ['Round Containers', 'Rectangular Containers', 'Foil Containers', 'Clamshell Boxes'], PACKS_OF(12, 30)),
      leaf('Cutlery & Straws', '', ['Plastic Spoons', 'Plastic Forks', 'Wooden Stirrers', 'Paper Straws'], PACKS_OF(2, 5)),
      leaf('Garbage Bags & Foil', '', ['Garbage Bags', 'Aluminium Foil', 'Cling Film', 'Butter Paper'], [pk('Small Roll', 120, 250, '1 roll'), pk('Medium Roll', 280, 520, '1 roll'), pk('Large Roll', 520, 850, '1 roll'), pk('Jumbo Roll', 1600, 2600, '1 roll')]),
    ],
  },
  {
    name: 'Household Cleaning', top: 'Non Food', taxed: true, brands: ['Harpic', 'Dettol', 'Max', 'Finis', 'Mortein', 'Vim', 'Colin'],
    blurb: 'Effective cleaning for homes, kitchens and washrooms.', businessTypes: [...GROCERY, ...FOOD_SERVICE, ...INSTITUTIONS],
    children: [
      leaf('Toilet Cleaner', 'Toilet Cleaner', ['', 'Original', 'Power Plus', 'Rose', 'Citrus'], [pk('500 ml', 300, 420), pk('1 Litre', 550, 780, '1 L'), pk('Pack of 3 x 500 ml', 880, 1200, '1.5 L')], ['Harpic', 'Dettol', 'Finis', 'Max']),
      leaf('Dishwash', 'Dishwash', ['Liquid', 'Bar', 'Lemon Liquid', 'Gel'], [pk('250 ml', 180, 260), pk('500 ml', 330, 480), pk('1 Litre', 600, 880, '1 L'), pk('5 Litre Can', 2600, 3800, '5 L')], ['Max', 'Vim', 'Finis']),
      leaf('Surface & Floor Cleaner', 'Cleaner', ['Surface', 'Floor', 'Multi Purpose', 'Pine Floor', 'Antibacterial'], CLEANER, ['Dettol', 'Max', 'Finis', 'Harpic']),
      leaf('Glass Cleaner', 'Glass Cleaner', ['', 'Spray', 'Refill', 'Streak Free'], [pk('500 ml', 260, 380), pk('1 Litre', 480, 700, '1 L'), pk('2 Litre', 900, 1300, '2 L')], ['Colin', 'Finis', 'Max']),
      leaf('Insect Killer', 'Insect Killer', ['Spray', 'Coil', 'Aerosol', 'Odourless Spray'], [pk('300 ml', 550, 800), pk('450 ml', 780, 1150), pk('Pack of 10', 140, 240, '10 pcs')], ['Mortein', 'Finis', 'Max']),
    ],
  },
];

/** Every brand the catalogue uses, in first-seen order. */
export function allBrands(): string[] {
  const seen = new Set<string>();
  for (const l2 of CATALOGUE) {
    for (const b of l2.brands) seen.add(b);
    for (const l3 of l2.children) {
      for (const l of 'children' in l3 ? l3.children : [l3]) for (const b of l.brands ?? []) seen.add(b);
    }
  }
  return [...seen];
}
