import noStaffFramework from "@vsi/eslint-config/no-staff-framework";
import react from "@vsi/eslint-config/react";

// The kiosk imports this package: what it may not import, neither may this.
export default [...react, noStaffFramework];
