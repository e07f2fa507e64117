/** S&P 500 constituents, part 4: more technology, communication services, consumer discretionary. */
import type { SectorBlock } from './universe-types.ts'

const SEMI = 'Semiconductors & Semiconductor Equipment'
const SOFT = 'Software'
const HW = 'Technology Hardware, Storage & Peripherals'
const COMMS = 'Communications Equipment'
const ELEC = 'Electronic Equipment, Instruments & Components'
const ITS = 'IT Services'

export const TECHNOLOGY_2: SectorBlock = {
  sector: 'Information Technology',
  rows: [
    ['APP', 'AppLovin Corporation', 'NASDAQ', SOFT, 200, 600, 2.2],
    ['DDOG', 'Datadog, Inc.', 'NASDAQ', SOFT, 50, 145, 1.5],
    ['TTD', 'The Trade Desk, Inc.', 'NASDAQ', SOFT, 35, 70, 2],
    ['FICO', 'Fair Isaac Corporation', 'NYSE', SOFT, 40, 1600, 1.4],
    ['TYL', 'Tyler Technologies, Inc.', 'NYSE', SOFT, 22, 520],
    ['PTC', 'PTC Inc.', 'NASDAQ', SOFT, 24, 200],
    ['GEN', 'Gen Digital Inc.', 'NASDAQ', SOFT, 18, 29],
    ['GDDY', 'GoDaddy Inc.', 'NYSE', ITS, 22, 160, 1.2],
    ['AKAM', 'Akamai Technologies, Inc.', 'NASDAQ', ITS, 11, 78],
    ['EPAM', 'EPAM Systems, Inc.', 'NYSE', ITS, 9, 165, 1.4],
    ['VRSN', 'VeriSign, Inc.', 'NASDAQ', ITS, 26, 270, 0.7],
    ['FFIV', 'F5, Inc.', 'NASDAQ', COMMS, 18, 310],
    ['JBL', 'Jabil Inc.', 'NYSE', ELEC, 23, 210, 1.3],
    ['TDY', 'Teledyne Technologies Incorporated', 'NYSE', ELEC, 24, 510, 0.8],
    ['TRMB', 'Trimble Inc.', 'NASDAQ', ELEC, 19, 78],
    ['ZBRA', 'Zebra Technologies Corporation', 'NASDAQ', ELEC, 15, 300],
    ['CDW', 'CDW Corporation', 'NASDAQ', ELEC, 22, 170],
    ['NTAP', 'NetApp, Inc.', 'NASDAQ', HW, 22, 110],
    ['STX', 'Seagate Technology Holdings plc', 'NASDAQ', HW, 40, 190, 1.6],
    ['WDC', 'Western Digital Corporation', 'NASDAQ', HW, 35, 100, 1.7],
    ['SNDK', 'Sandisk Corporation', 'NASDAQ', HW, 25, 170, 2.3],
    ['SWKS', 'Skyworks Solutions, Inc.', 'NASDAQ', SEMI, 11, 72, 1.3],
    ['TER', 'Teradyne, Inc.', 'NASDAQ', SEMI, 20, 125, 1.5],
    ['FSLR', 'First Solar, Inc.', 'NASDAQ', SEMI, 22, 200, 1.7],
    ['Q', 'Qnity Electronics, Inc.', 'NYSE', SEMI, 20, 95, 1.3],
  ],
}

const MEDIA = 'Media'
const ENT = 'Entertainment'

export const COMMUNICATION_2: SectorBlock = {
  sector: 'Communication Services',
  rows: [
    ['TKO', 'TKO Group Holdings, Inc.', 'NYSE', ENT, 35, 180],
    ['PSKY', 'Paramount Skydance Corporation', 'NASDAQ', ENT, 17, 16, 1.8],
    ['FOXA', 'Fox Corporation Class A', 'NASDAQ', MEDIA, 25, 58],
    ['FOX', 'Fox Corporation Class B', 'NASDAQ', MEDIA, 25, 53],
    ['NWSA', 'News Corporation Class A', 'NASDAQ', MEDIA, 16, 28],
    ['NWS', 'News Corporation Class B', 'NASDAQ', MEDIA, 16, 32],
    ['MTCH', 'Match Group, Inc.', 'NASDAQ', 'Interactive Media & Services', 8, 33],
  ],
}

const SPEC = 'Specialty Retail'
const HRL = 'Hotels, Restaurants & Leisure'
const HHD = 'Household Durables'
const TEXT = 'Textiles, Apparel & Luxury Goods'
const DIST = 'Distributors'

export const DISCRETIONARY_2: SectorBlock = {
  sector: 'Consumer Discretionary',
  rows: [
    ['CVNA', 'Carvana Co.', 'NYSE', SPEC, 80, 370, 2.5],
    ['ULTA', 'Ulta Beauty, Inc.', 'NASDAQ', SPEC, 23, 520],
    ['WSM', 'Williams-Sonoma, Inc.', 'NYSE', SPEC, 24, 195, 1.3],
    ['BBY', 'Best Buy Co., Inc.', 'NYSE', SPEC, 16, 75],
    ['KMX', 'CarMax, Inc.', 'NYSE', SPEC, 7, 45, 1.5],
    ['CCL', 'Carnival Corporation & plc', 'NYSE', HRL, 38, 28, 1.6],
    ['NCLH', 'Norwegian Cruise Line Holdings Ltd.', 'NYSE', HRL, 10, 22, 1.7],
    ['EXPE', 'Expedia Group, Inc.', 'NASDAQ', HRL, 27, 220, 1.4],
    ['DRI', 'Darden Restaurants, Inc.', 'NYSE', HRL, 23, 195],
    ['DPZ', "Domino's Pizza, Inc.", 'NASDAQ', HRL, 15, 440, 0.8],
    ['LVS', 'Las Vegas Sands Corp.', 'NYSE', HRL, 38, 55, 1.3],
    ['WYNN', 'Wynn Resorts, Limited', 'NASDAQ', HRL, 12, 115, 1.4],
    ['MGM', 'MGM Resorts International', 'NYSE', HRL, 10, 35, 1.4],
    ['GPC', 'Genuine Parts Company', 'NYSE', DIST, 18, 130],
    ['POOL', 'Pool Corporation', 'NASDAQ', DIST, 11, 290],
    ['LKQ', 'LKQ Corporation', 'NASDAQ', DIST, 8, 31],
    ['APTV', 'Aptiv PLC', 'NYSE', 'Automobile Components', 17, 80, 1.3],
    ['DECK', 'Deckers Outdoor Corporation', 'NYSE', TEXT, 15, 100, 1.5],
    ['RL', 'Ralph Lauren Corporation', 'NYSE', TEXT, 20, 330],
    ['TPR', 'Tapestry, Inc.', 'NYSE', TEXT, 23, 110, 1.3],
    ['PHM', 'PulteGroup, Inc.', 'NYSE', HHD, 25, 125],
    ['NVR', 'NVR, Inc.', 'NYSE', HHD, 22, 7500],
    ['MHK', 'Mohawk Industries, Inc.', 'NYSE', HHD, 8, 115],
    ['HAS', 'Hasbro, Inc.', 'NASDAQ', 'Leisure Products', 11, 78],
  ],
}
