/** Texts the spec quotes letter for letter (SPEC §2, §8). */
export const SERVICES_EMPTY = "No services available at the moment.";
export const SERVICES_FAILED = "Failed to load services. Please try again later.";
export const SERVICE_NOT_FOUND = "Service Not Found";
export const SERVICE_FAILED = "Failed to load service details. Please try again later.";
/** Other services shown on a service page (SPEC §9). */
export const OTHER_SERVICES_MAX = 3;
