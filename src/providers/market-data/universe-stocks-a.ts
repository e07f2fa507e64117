/** S&P 500 constituents, part 1: technology, communication services, consumer discretionary. */
import type { SectorBlock } from './universe-types.ts'

const SEMI = 'Semiconductors & Semiconductor Equipment'
const SOFT = 'Software'
const HW = 'Technology Hardware, Storage & Peripherals'
const COMMS = 'Communications Equipment'
const ELEC = 'Electronic Equipment, Instruments & Components'
const ITS = 'IT Services'

export const TECHNOLOGY: SectorBlock = {
  sector: 'Information Technology',
  rows: [
    ['AAPL', 'Apple Inc.', 'NASDAQ', HW, 3400, 230],
    ['MSFT', 'Microsoft Corporation', 'NASDAQ', SOFT, 3700, 500],
    ['NVDA', 'NVIDIA Corporation', 'NASDAQ', SEMI, 4300, 175, 1.5],
    ['AVGO', 'Broadcom Inc.', 'NASDAQ', SEMI, 1400, 300, 1.4],
    ['ORCL', 'Oracle Corporation', 'NYSE', SOFT, 650, 230, 1.3],
    ['CRM', 'Salesforce, Inc.', 'NYSE', SOFT, 250, 260],
    ['ADBE', 'Adobe Inc.', 'NASDAQ', SOFT, 160, 370],
    ['AMD', 'Advanced Micro Devices, Inc.', 'NASDAQ', SEMI, 260, 160, 1.6],
    ['CSCO', 'Cisco Systems, Inc.', 'NASDAQ', COMMS, 270, 68, 0.8],
    ['ACN', 'Accenture plc', 'NYSE', ITS, 170, 270],
    ['IBM', 'International Business Machines Corporation', 'NYSE', ITS, 240, 260],
    ['INTU', 'Intuit Inc.', 'NASDAQ', SOFT, 190, 680],
    ['NOW', 'ServiceNow, Inc.', 'NYSE', SOFT, 190, 920],
    ['TXN', 'Texas Instruments Incorporated', 'NASDAQ', SEMI, 180, 195],
    ['QCOM', 'QUALCOMM Incorporated', 'NASDAQ', SEMI, 170, 155],
    ['AMAT', 'Applied Materials, Inc.', 'NASDAQ', SEMI, 150, 180, 1.3],
    ['PLTR', 'Palantir Technologies Inc.', 'NASDAQ', SOFT, 400, 170, 2],
    ['MU', 'Micron Technology, Inc.', 'NASDAQ', SEMI, 150, 130, 1.5],
    ['LRCX', 'Lam Research Corporation', 'NASDAQ', SEMI, 130, 100, 1.4],
    ['KLAC', 'KLA Corporation', 'NASDAQ', SEMI, 120, 880, 1.3],
    ['ADI', 'Analog Devices, Inc.', 'NASDAQ', SEMI, 115, 235],
    ['ANET', 'Arista Networks, Inc.', 'NYSE', COMMS, 170, 135, 1.5],
    ['PANW', 'Palo Alto Networks, Inc.', 'NASDAQ', SOFT, 130, 190],
    ['CRWD', 'CrowdStrike Holdings, Inc.', 'NASDAQ', SOFT, 110, 450, 1.4],
    ['INTC', 'Intel Corporation', 'NASDAQ', SEMI, 110, 25, 1.5],
    ['SNPS', 'Synopsys, Inc.', 'NASDAQ', SOFT, 85, 480],
    ['CDNS', 'Cadence Design Systems, Inc.', 'NASDAQ', SOFT, 95, 340],
    ['APH', 'Amphenol Corporation', 'NYSE', ELEC, 130, 110],
    ['MSI', 'Motorola Solutions, Inc.', 'NYSE', COMMS, 75, 440, 0.8],
    ['FTNT', 'Fortinet, Inc.', 'NASDAQ', SOFT, 65, 85],
    ['ADSK', 'Autodesk, Inc.', 'NASDAQ', SOFT, 65, 300],
    ['ROP', 'Roper Technologies, Inc.', 'NASDAQ', SOFT, 57, 530, 0.7],
    ['DELL', 'Dell Technologies Inc.', 'NYSE', HW, 85, 125, 1.4],
    ['WDAY', 'Workday, Inc.', 'NASDAQ', SOFT, 62, 235],
    ['MCHP', 'Microchip Technology Incorporated', 'NASDAQ', SEMI, 35, 65, 1.3],
    ['NXPI', 'NXP Semiconductors N.V.', 'NASDAQ', SEMI, 55, 215],
    ['MPWR', 'Monolithic Power Systems, Inc.', 'NASDAQ', SEMI, 35, 720, 1.3],
    ['ON', 'ON Semiconductor Corporation', 'NASDAQ', SEMI, 22, 52, 1.4],
    ['TEL', 'TE Connectivity plc', 'NYSE', ELEC, 60, 200],
    ['GLW', 'Corning Incorporated', 'NYSE', ELEC, 55, 65],
    ['KEYS', 'Keysight Technologies, Inc.', 'NYSE', ELEC, 28, 165],
    ['CTSH', 'Cognizant Technology Solutions Corporation', 'NASDAQ', ITS, 37, 75],
    ['IT', 'Gartner, Inc.', 'NYSE', ITS, 23, 300],
    ['HPQ', 'HP Inc.', 'NYSE', HW, 26, 27],
    ['HPE', 'Hewlett Packard Enterprise Company', 'NYSE', HW, 28, 21],
    ['SMCI', 'Super Micro Computer, Inc.', 'NASDAQ', HW, 27, 45, 2.2],
  ],
}

const MEDIA = 'Media'
const ENT = 'Entertainment'
const IMS = 'Interactive Media & Services'

export const COMMUNICATION: SectorBlock = {
  sector: 'Communication Services',
  rows: [
    ['GOOGL', 'Alphabet Inc. Class A', 'NASDAQ', IMS, 2400, 200],
    ['GOOG', 'Alphabet Inc. Class C', 'NASDAQ', IMS, 2400, 201],
    ['META', 'Meta Platforms, Inc.', 'NASDAQ', IMS, 1800, 720, 1.2],
    ['NFLX', 'Netflix, Inc.', 'NASDAQ', ENT, 520, 1200],
    ['TMUS', 'T-Mobile US, Inc.', 'NASDAQ', 'Wireless Telecommunication Services', 270, 235, 0.7],
    ['DIS', 'The Walt Disney Company', 'NYSE', ENT, 210, 115],
    ['VZ', 'Verizon Communications Inc.', 'NYSE', 'Diversified Telecommunication Services', 180, 43, 0.6],
    ['T', 'AT&T Inc.', 'NYSE', 'Diversified Telecommunication Services', 200, 28, 0.6],
    ['CMCSA', 'Comcast Corporation', 'NASDAQ', MEDIA, 130, 35],
    ['CHTR', 'Charter Communications, Inc.', 'NASDAQ', MEDIA, 55, 380],
    ['EA', 'Electronic Arts Inc.', 'NASDAQ', ENT, 42, 170, 0.7],
    ['TTWO', 'Take-Two Interactive Software, Inc.', 'NASDAQ', ENT, 42, 230],
    ['WBD', 'Warner Bros. Discovery, Inc.', 'NASDAQ', ENT, 30, 12, 1.5],
    ['LYV', 'Live Nation Entertainment, Inc.', 'NYSE', ENT, 33, 145],
    ['OMC', 'Omnicom Group Inc.', 'NYSE', MEDIA, 14, 75],
  ],
}

const SPEC = 'Specialty Retail'
const HRL = 'Hotels, Restaurants & Leisure'
const AUTO = 'Automobiles'
const HHD = 'Household Durables'
const TEXT = 'Textiles, Apparel & Luxury Goods'

export const DISCRETIONARY: SectorBlock = {
  sector: 'Consumer Discretionary',
  rows: [
    ['AMZN', 'Amazon.com, Inc.', 'NASDAQ', 'Broadline Retail', 2300, 215],
    ['TSLA', 'Tesla, Inc.', 'NASDAQ', AUTO, 1000, 320, 2.2],
    ['HD', 'The Home Depot, Inc.', 'NYSE', SPEC, 380, 380, 0.8],
    ['MCD', "McDonald's Corporation", 'NYSE', HRL, 215, 300, 0.6],
    ['BKNG', 'Booking Holdings Inc.', 'NASDAQ', HRL, 170, 5300],
    ['LOW', "Lowe's Companies, Inc.", 'NYSE', SPEC, 135, 240, 0.8],
    ['TJX', 'The TJX Companies, Inc.', 'NYSE', SPEC, 145, 130, 0.7],
    ['SBUX', 'Starbucks Corporation', 'NASDAQ', HRL, 100, 88],
    ['NKE', 'NIKE, Inc.', 'NYSE', TEXT, 100, 70],
    ['ORLY', "O'Reilly Automotive, Inc.", 'NASDAQ', SPEC, 80, 95, 0.7],
    ['AZO', 'AutoZone, Inc.', 'NYSE', SPEC, 65, 3900, 0.7],
    ['CMG', 'Chipotle Mexican Grill, Inc.', 'NYSE', HRL, 60, 45],
    ['MAR', 'Marriott International, Inc.', 'NASDAQ', HRL, 72, 265],
    ['HLT', 'Hilton Worldwide Holdings Inc.', 'NYSE', HRL, 63, 265],
    ['ABNB', 'Airbnb, Inc.', 'NASDAQ', HRL, 80, 130, 1.3],
    ['DASH', 'DoorDash, Inc.', 'NASDAQ', HRL, 105, 250, 1.4],
    ['RCL', 'Royal Caribbean Cruises Ltd.', 'NYSE', HRL, 85, 310, 1.5],
    ['GM', 'General Motors Company', 'NYSE', AUTO, 55, 55],
    ['F', 'Ford Motor Company', 'NYSE', AUTO, 45, 11],
    ['ROST', 'Ross Stores, Inc.', 'NASDAQ', SPEC, 47, 145],
    ['DHI', 'D.R. Horton, Inc.', 'NYSE', HHD, 45, 145],
    ['LEN', 'Lennar Corporation', 'NYSE', HHD, 30, 120],
    ['GRMN', 'Garmin Ltd.', 'NYSE', HHD, 42, 220],
    ['YUM', 'Yum! Brands, Inc.', 'NYSE', HRL, 40, 145, 0.6],
    ['EBAY', 'eBay Inc.', 'NASDAQ', 'Broadline Retail', 40, 85],
    ['TSCO', 'Tractor Supply Company', 'NASDAQ', SPEC, 30, 57],
    ['LULU', 'lululemon athletica inc.', 'NASDAQ', TEXT, 25, 200, 1.4],
  ],
}
