import GentzenTest.Rules
import GentzenTest.Messages
import GentzenTest.CoreTactics
import GentzenTest.ND
