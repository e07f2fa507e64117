/** S&P 500 constituents, part 6: more industrials, energy, utilities, real estate, materials. */
import type { SectorBlock } from './universe-types.ts'

const AERO = 'Aerospace & Defense'
const MACH = 'Machinery'
const ELEQ = 'Electrical Equipment'
const GRND = 'Ground Transportation'
const BLDG = 'Building Products'
const CSS = 'Commercial Services & Supplies'
const PROF = 'Professional Services'
const CENG = 'Construction & Engineering'
const AIRF = 'Air Freight & Logistics'
const AIRL = 'Passenger Airlines'

export const INDUSTRIALS_2: SectorBlock = {
  sector: 'Industrials',
  rows: [
    ['TXT', 'Textron Inc.', 'NYSE', AERO, 14, 80],
    ['HII', 'Huntington Ingalls Industries, Inc.', 'NYSE', AERO, 11, 280],
    ['WAB', 'Westinghouse Air Brake Technologies Corporation', 'NYSE', MACH, 35, 200],
    ['OTIS', 'Otis Worldwide Corporation', 'NYSE', MACH, 36, 90, 0.8],
    ['XYL', 'Xylem Inc.', 'NYSE', MACH, 34, 140],
    ['IR', 'Ingersoll Rand Inc.', 'NYSE', MACH, 32, 80],
    ['DOV', 'Dover Corporation', 'NYSE', MACH, 25, 180],
    ['FTV', 'Fortive Corporation', 'NYSE', MACH, 17, 52],
    ['SNA', 'Snap-on Incorporated', 'NYSE', MACH, 17, 330, 0.8],
    ['PNR', 'Pentair plc', 'NYSE', MACH, 17, 105],
    ['NDSN', 'Nordson Corporation', 'NASDAQ', MACH, 13, 225],
    ['IEX', 'IDEX Corporation', 'NYSE', MACH, 12, 165],
    ['SWK', 'Stanley Black & Decker, Inc.', 'NYSE', MACH, 11, 72, 1.3],
    ['AME', 'AMETEK, Inc.', 'NYSE', ELEQ, 43, 185, 0.8],
    ['ROK', 'Rockwell Automation, Inc.', 'NYSE', ELEQ, 40, 350],
    ['HUBB', 'Hubbell Incorporated', 'NYSE', ELEQ, 22, 420],
    ['GNRC', 'Generac Holdings Inc.', 'NYSE', ELEQ, 10, 160, 1.6],
    ['LII', 'Lennox International Inc.', 'NYSE', BLDG, 19, 540],
    ['MAS', 'Masco Corporation', 'NYSE', BLDG, 14, 68],
    ['ALLE', 'Allegion plc', 'NYSE', BLDG, 14, 160],
    ['BLDR', 'Builders FirstSource, Inc.', 'NYSE', BLDG, 14, 125, 1.4],
    ['AOS', 'A. O. Smith Corporation', 'NYSE', BLDG, 9, 68],
    ['FIX', 'Comfort Systems USA, Inc.', 'NYSE', CENG, 35, 950, 1.5],
    ['EME', 'EMCOR Group, Inc.', 'NYSE', CENG, 28, 620, 1.3],
    ['J', 'Jacobs Solutions Inc.', 'NYSE', CENG, 18, 145],
    ['ODFL', 'Old Dominion Freight Line, Inc.', 'NASDAQ', GRND, 32, 150],
    ['JBHT', 'J.B. Hunt Transport Services, Inc.', 'NASDAQ', GRND, 15, 150],
    ['EXPD', 'Expeditors International of Washington, Inc.', 'NYSE', AIRF, 16, 120],
    ['CHRW', 'C.H. Robinson Worldwide, Inc.', 'NASDAQ', AIRF, 14, 120],
    ['UAL', 'United Airlines Holdings, Inc.', 'NASDAQ', AIRL, 32, 100, 1.8],
    ['LUV', 'Southwest Airlines Co.', 'NYSE', AIRL, 18, 32, 1.4],
    ['CPRT', 'Copart, Inc.', 'NASDAQ', CSS, 45, 47],
    ['ROL', 'Rollins, Inc.', 'NYSE', CSS, 28, 57, 0.7],
    ['VLTO', 'Veralto Corporation', 'NYSE', CSS, 25, 100, 0.8],
    ['LDOS', 'Leidos Holdings, Inc.', 'NYSE', CSS, 24, 185],
    ['VRSK', 'Verisk Analytics, Inc.', 'NASDAQ', PROF, 38, 270, 0.8],
    ['EFX', 'Equifax Inc.', 'NYSE', PROF, 29, 240],
    ['BR', 'Broadridge Financial Solutions, Inc.', 'NYSE', PROF, 26, 235, 0.8],
    ['PAYC', 'Paycom Software, Inc.', 'NYSE', PROF, 12, 210, 1.3],
    ['DAY', 'Dayforce, Inc.', 'NYSE', PROF, 11, 68],
  ],
}

const OGCF = 'Oil, Gas & Consumable Fuels'

export const ENERGY_2: SectorBlock = {
  sector: 'Energy',
  rows: [
    ['EXE', 'Expand Energy Corporation', 'NASDAQ', OGCF, 25, 105],
    ['TPL', 'Texas Pacific Land Corporation', 'NYSE', OGCF, 22, 950, 1.5],
    ['CTRA', 'Coterra Energy Inc.', 'NYSE', OGCF, 19, 25],
    ['APA', 'APA Corporation', 'NASDAQ', OGCF, 8, 22, 1.4],
  ],
}

const ELU = 'Electric Utilities'
const MULTI = 'Multi-Utilities'

export const UTILITIES_2: SectorBlock = {
  sector: 'Utilities',
  rows: [
    ['DTE', 'DTE Energy Company', 'NYSE', MULTI, 28, 135],
    ['AEE', 'Ameren Corporation', 'NYSE', MULTI, 27, 100],
    ['CNP', 'CenterPoint Energy, Inc.', 'NYSE', MULTI, 25, 38],
    ['CMS', 'CMS Energy Corporation', 'NYSE', MULTI, 21, 72],
    ['NI', 'NiSource Inc.', 'NYSE', MULTI, 19, 41],
    ['PPL', 'PPL Corporation', 'NYSE', ELU, 26, 35],
    ['FE', 'FirstEnergy Corp.', 'NYSE', ELU, 25, 43],
    ['ES', 'Eversource Energy', 'NYSE', ELU, 24, 65],
    ['EIX', 'Edison International', 'NYSE', ELU, 21, 55, 1.2],
    ['LNT', 'Alliant Energy Corporation', 'NASDAQ', ELU, 16, 63],
    ['EVRG', 'Evergy, Inc.', 'NASDAQ', ELU, 16, 70],
    ['PNW', 'Pinnacle West Capital Corporation', 'NYSE', ELU, 10, 90],
    ['ATO', 'Atmos Energy Corporation', 'NYSE', 'Gas Utilities', 26, 160],
    [
      'AES',
      'The AES Corporation',
      'NYSE',
      'Independent Power and Renewable Electricity Producers',
      9,
      13,
      1.4,
    ],
  ],
}

const RES = 'Residential REITs'
const SREIT = 'Specialized REITs'
const RREIT = 'Retail REITs'
const HCREIT = 'Health Care REITs'
const OREIT = 'Office REITs'

export const REAL_ESTATE_2: SectorBlock = {
  sector: 'Real Estate',
  rows: [
    ['EQR', 'Equity Residential', 'NYSE', RES, 25, 65],
    ['INVH', 'Invitation Homes Inc.', 'NYSE', RES, 19, 31],
    ['ESS', 'Essex Property Trust, Inc.', 'NYSE', RES, 17, 270],
    ['MAA', 'Mid-America Apartment Communities, Inc.', 'NYSE', RES, 17, 145],
    ['UDR', 'UDR, Inc.', 'NYSE', RES, 13, 40],
    ['CPT', 'Camden Property Trust', 'NYSE', RES, 12, 110],
    ['IRM', 'Iron Mountain Incorporated', 'NYSE', SREIT, 30, 100, 1.3],
    ['SBAC', 'SBA Communications Corporation', 'NASDAQ', SREIT, 22, 210],
    ['WY', 'Weyerhaeuser Company', 'NYSE', SREIT, 18, 25],
    ['VTR', 'Ventas, Inc.', 'NYSE', HCREIT, 30, 68],
    ['DOC', 'Healthpeak Properties, Inc.', 'NYSE', HCREIT, 12, 18],
    ['ARE', 'Alexandria Real Estate Equities, Inc.', 'NYSE', OREIT, 12, 75, 1.4],
    ['BXP', 'BXP, Inc.', 'NYSE', OREIT, 12, 72, 1.2],
    ['KIM', 'Kimco Realty Corporation', 'NYSE', RREIT, 14, 21],
    ['REG', 'Regency Centers Corporation', 'NASDAQ', RREIT, 13, 70],
    ['FRT', 'Federal Realty Investment Trust', 'NYSE', RREIT, 9, 98],
    ['HST', 'Host Hotels & Resorts, Inc.', 'NASDAQ', 'Hotel & Resort REITs', 11, 16],
  ],
}

const CHEM = 'Chemicals'
const PACK = 'Containers & Packaging'

export const MATERIALS_2: SectorBlock = {
  sector: 'Materials',
  rows: [
    ['CRH', 'CRH plc', 'NYSE', 'Construction Materials', 75, 110],
    ['STLD', 'Steel Dynamics, Inc.', 'NASDAQ', 'Metals & Mining', 20, 135],
    ['LYB', 'LyondellBasell Industries N.V.', 'NYSE', CHEM, 18, 55, 1.3],
    ['IFF', 'International Flavors & Fragrances Inc.', 'NYSE', CHEM, 18, 70],
    ['CF', 'CF Industries Holdings, Inc.', 'NYSE', CHEM, 15, 90],
    ['MOS', 'The Mosaic Company', 'NYSE', CHEM, 11, 35, 1.3],
    ['ALB', 'Albemarle Corporation', 'NYSE', CHEM, 9, 80, 1.8],
    ['EMN', 'Eastman Chemical Company', 'NYSE', CHEM, 8, 70],
    ['SW', 'Smurfit Westrock Plc', 'NYSE', PACK, 22, 43],
    ['AMCR', 'Amcor plc', 'NYSE', PACK, 19, 9],
    ['PKG', 'Packaging Corporation of America', 'NYSE', PACK, 18, 200],
    ['BALL', 'Ball Corporation', 'NYSE', PACK, 14, 52],
    ['AVY', 'Avery Dennison Corporation', 'NYSE', PACK, 14, 175],
  ],
}
